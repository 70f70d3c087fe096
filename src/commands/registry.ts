// Every command of the CLI, once: its path, and its spec and its run, each loaded when needed
// (command.ts). commander, help, completion, docs/json and the tests that hold every command to the
// CLI's contracts all walk this list. The commands of each resource kind (agents included) come
// from the resource registry: a new kind there is a new set of commands here, with nothing else to
// write.
import { AGENT } from '../resources/agent.js';
import type { AttachableDescriptor, ResourceDescriptor } from '../resources/descriptor.js';
import { ATTACHABLE } from '../resources/registry.js';
import { command, type Command } from './command.js';
import type { Group } from './tree.js';
import { AGENT_TEXTS } from './resource/agent-texts.js';
import { attachPath, detachPath, verbPath, type Verb } from './resource/texts.js';
import { CONFIG_KEYS } from '../config/keys.js';

/** A kind's verbs by name: `create`… for agents, `tools create`… for the others (LLMs cannot be deleted). */
function kindVerbs(resource: ResourceDescriptor, texts = AGENT_TEXTS): Partial<Record<Verb, Command>> {
  const own = resource === AGENT ? texts : undefined;
  const seeded = 'examples' in resource ? (resource as AttachableDescriptor).examples : undefined;
  return {
    list: command(
      verbPath(resource, 'list'),
      async () => (await import('./resource/list/definition.js')).listSpec(resource, own?.list),
      async () => (await import('./resource/list/run.js')).listRun(resource),
    ),
    get: command(
      verbPath(resource, 'get'),
      async () =>
        (await import('./resource/get/definition.js')).getSpec(resource, { ...own?.get, seeded: seeded?.seeded }),
      async () => (await import('./resource/get/run.js')).getRun(resource),
    ),
    create: command(
      verbPath(resource, 'create'),
      async () =>
        (await import('./resource/create/definition.js')).createSpec(
          resource,
          own?.create ?? { examples: seeded?.create },
        ),
      async () => (await import('./resource/create/run.js')).createRun(resource),
    ),
    update: command(
      verbPath(resource, 'update'),
      async () =>
        (await import('./resource/update/definition.js')).updateSpec(
          resource,
          own?.update ?? { examples: seeded && [seeded.update] },
        ),
      async () => (await import('./resource/update/run.js')).updateRun(resource),
    ),
    ...(resource.deletable && {
      delete: command(
        verbPath(resource, 'delete'),
        async () =>
          (await import('./resource/delete/definition.js')).deleteSpec(
            resource,
            own?.delete ?? { examples: seeded?.scratch ? [deleteExample(resource, seeded.scratch)] : [] },
          ),
        async () => (await import('./resource/delete/run.js')).deleteRun(resource),
      ),
    }),
  };
}

/** The verbs in the order a group lists them. */
function kindCommands(resource: ResourceDescriptor): Command[] {
  const verbs = kindVerbs(resource);
  return (['list', 'get', 'create', 'update', 'delete'] as const).flatMap((verb) => verbs[verb] ?? []);
}

const deleteExample = (resource: ResourceDescriptor, scratch: string) =>
  `id=$(${scratch}) && agents ${resource.plural} delete "$id" --yes`;

const attachCommands = (resource: AttachableDescriptor): Command[] => [
  command(
    attachPath(resource),
    async () => (await import('./resource/attach/definition.js')).attachSpec(resource),
    async () => (await import('./resource/attach/run.js')).attachRun(resource),
  ),
];
const detachCommands = (resource: AttachableDescriptor): Command[] => [
  command(
    detachPath(resource),
    async () => (await import('./resource/detach/definition.js')).detachSpec(resource),
    async () => (await import('./resource/detach/run.js')).detachRun(resource),
  ),
];

/** What a kind an agent attaches brings: its group of verbs, and its add- and remove- commands. */
export function attachableCommands(resource: AttachableDescriptor): { commands: Command[]; group: Group } {
  return {
    commands: [...kindCommands(resource), ...attachCommands(resource), ...detachCommands(resource)],
    group: groupOf(resource),
  };
}

function groupOf(resource: AttachableDescriptor): Group {
  return {
    summary: `List, show, ${resource.deletable ? 'create, update and delete' : 'create and update'} ${resource.noun}s`,
    examples: [
      `agents ${resource.plural} list`,
      ...resource.examples.create,
      `agents ${resource.plural} get ${resource.examples.seeded}`,
    ],
  };
}

const spec = <T>(module: Promise<{ spec: T }>) => module.then((loaded) => loaded.spec);
const run = <T>(module: Promise<{ run: T }>) => module.then((loaded) => loaded.run);

const agentVerbs = kindVerbs(AGENT);

/** In the order help lists them. */
export const COMMANDS: readonly Command[] = [
  agentVerbs.create!,
  agentVerbs.update!,
  command(
    'invoke',
    () => spec(import('./invoke/definition.js')),
    () => run(import('./invoke/run.js')),
  ),
  command(
    'chat',
    () => spec(import('./chat/definition.js')),
    () => run(import('./chat/run.js')),
  ),
  ...ATTACHABLE.flatMap(attachCommands),
  ...ATTACHABLE.flatMap(detachCommands),
  agentVerbs.list!,
  agentVerbs.get!,
  agentVerbs.delete!,
  ...ATTACHABLE.flatMap((resource) => kindCommands(resource)),
  command(
    'init',
    () => spec(import('./init/definition.js')),
    () => run(import('./init/run.js')),
  ),
  command(
    'apply',
    () => spec(import('./apply/definition.js')),
    () => run(import('./apply/run.js')),
  ),
  command(
    'diff',
    () => spec(import('./diff/definition.js')),
    () => run(import('./diff/run.js')),
  ),
  command(
    'destroy',
    () => spec(import('./destroy/definition.js')),
    () => run(import('./destroy/run.js')),
  ),
  command(
    'export',
    () => spec(import('./export/definition.js')),
    () => run(import('./export/run.js')),
  ),
  command(
    'eval',
    () => spec(import('./eval/definition.js')),
    () => run(import('./eval/run.js')),
  ),
  command(
    'eval merge',
    () => spec(import('./eval/merge/definition.js')),
    () => run(import('./eval/merge/run.js')),
  ),
  command(
    'eval compare',
    () => spec(import('./eval/compare/definition.js')),
    () => run(import('./eval/compare/run.js')),
  ),
  command(
    'eval report',
    () => spec(import('./eval/report/definition.js')),
    () => run(import('./eval/report/run.js')),
  ),
  command(
    'logs',
    () => spec(import('./logs/definition.js')),
    () => run(import('./logs/run.js')),
  ),
  command(
    'logs show',
    () => spec(import('./logs/show/definition.js')),
    () => run(import('./logs/show/run.js')),
  ),
  command(
    'logs search',
    () => spec(import('./logs/search/definition.js')),
    () => run(import('./logs/search/run.js')),
  ),
  command(
    'logs stats',
    () => spec(import('./logs/stats/definition.js')),
    () => run(import('./logs/stats/run.js')),
  ),
  command(
    'logs replay',
    () => spec(import('./logs/replay/definition.js')),
    () => run(import('./logs/replay/run.js')),
  ),
  command(
    'logs to-eval',
    () => spec(import('./logs/to-eval/definition.js')),
    () => run(import('./logs/to-eval/run.js')),
  ),
  command(
    'logs rm',
    () => spec(import('./logs/rm/definition.js')),
    () => run(import('./logs/rm/run.js')),
  ),
  command(
    'logs path',
    () => spec(import('./logs/path/definition.js')),
    () => run(import('./logs/path/run.js')),
  ),
  command(
    'logs on',
    () => spec(import('./logs/on/definition.js')),
    () => run(import('./logs/on/run.js')),
  ),
  command(
    'logs off',
    () => spec(import('./logs/off/definition.js')),
    () => run(import('./logs/off/run.js')),
  ),
  command(
    'logs status',
    () => spec(import('./logs/status/definition.js')),
    () => run(import('./logs/status/run.js')),
  ),
  command(
    'login',
    () => spec(import('./login/definition.js')),
    () => run(import('./login/run.js')),
  ),
  command(
    'logout',
    () => spec(import('./logout/definition.js')),
    () => run(import('./logout/run.js')),
  ),
  command(
    'signup',
    () => spec(import('./signup/definition.js')),
    () => run(import('./signup/run.js')),
  ),
  command(
    'whoami',
    () => spec(import('./whoami/definition.js')),
    () => run(import('./whoami/run.js')),
  ),
  command(
    'keys list',
    () => spec(import('./keys/list/definition.js')),
    () => run(import('./keys/list/run.js')),
  ),
  command(
    'keys create',
    () => spec(import('./keys/create/definition.js')),
    () => run(import('./keys/create/run.js')),
  ),
  command(
    'keys rename',
    () => spec(import('./keys/rename/definition.js')),
    () => run(import('./keys/rename/run.js')),
  ),
  command(
    'keys delete',
    () => spec(import('./keys/delete/definition.js')),
    () => run(import('./keys/delete/run.js')),
  ),
  command(
    'api',
    () => spec(import('./api/definition.js')),
    () => run(import('./api/run.js')),
  ),
  command(
    'status',
    () => spec(import('./status/definition.js')),
    () => run(import('./status/run.js')),
  ),
  command(
    'config get',
    () => spec(import('./config/get/definition.js')),
    () => run(import('./config/get/run.js')),
  ),
  command(
    'config set',
    () => spec(import('./config/set/definition.js')),
    () => run(import('./config/set/run.js')),
  ),
  command(
    'config unset',
    () => spec(import('./config/unset/definition.js')),
    () => run(import('./config/unset/run.js')),
  ),
  command(
    'config list',
    () => spec(import('./config/list/definition.js')),
    () => run(import('./config/list/run.js')),
  ),
  command(
    'models',
    () => spec(import('./models/definition.js')),
    () => run(import('./models/run.js')),
  ),
  command(
    'mcp serve',
    () => spec(import('./mcp/serve/definition.js')),
    () => run(import('./mcp/serve/run.js')),
  ),
  command(
    'emulator',
    () => spec(import('./emulator/definition.js')),
    () => run(import('./emulator/run.js')),
  ),
  command(
    'completion',
    () => spec(import('./completion/definition.js')),
    () => run(import('./completion/run.js')),
  ),
  command(
    'help',
    () => spec(import('./help/definition.js')),
    () => run(import('./help/run.js')),
  ),
];

/** The groups of commands that have no run of their own: what their help says. */
export const GROUPS: Readonly<Record<string, Group>> = {
  ...Object.fromEntries(ATTACHABLE.map((resource) => [resource.plural, groupOf(resource)])),
  keys: {
    summary: 'List, create, rename and delete API keys (tokens for CI)',
    examples: ['agents keys list', 'agents keys list --json'],
  },
  config: {
    summary: 'Read and change settings of a profile',
    description:
      'Read and change settings of a profile. Keys:\n' +
      CONFIG_KEYS.map((key) => `  ${key.name.padEnd(20)} ${key.help}`).join('\n'),
    examples: [
      'agents config set base-url https://agents.example.com',
      'agents config set timeout 120 --profile ci',
      'agents config get base-url',
      'agents config list --json',
    ],
  },
  mcp: {
    summary: 'Serve your agents to MCP clients (editors, desktop assistants, other agents)',
    examples: ['agents mcp serve --watch 30 < /dev/null'],
  },
};
