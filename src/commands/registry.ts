// Every command of the CLI, once: its spec and its run (loaded only when it runs). commander, help,
// completion, docs/json and the tests that hold every command to the CLI's contracts all walk this
// list. The commands of each resource kind (agents included) come from the resource registry:
// a new kind there is a new set of commands here, with nothing else to write.
import { AGENT } from '../resources/agent.js';
import type { AttachableDescriptor, ResourceDescriptor } from '../resources/descriptor.js';
import { ATTACHABLE } from '../resources/registry.js';
import { command, type Command } from './command.js';
import type { Group } from './tree.js';
import { attachSpec } from './resource/attach/spec.js';
import { createSpec } from './resource/create/spec.js';
import { deleteSpec } from './resource/delete/spec.js';
import { detachSpec } from './resource/detach/spec.js';
import { getSpec } from './resource/get/spec.js';
import { listSpec } from './resource/list/spec.js';
import { updateSpec } from './resource/update/spec.js';
import { AGENT_TEXTS } from './resource/agent-texts.js';
import type { Verb } from './resource/texts.js';
import { spec as invoke } from './invoke/spec.js';
import { spec as chat } from './chat/spec.js';
import { spec as apply } from './apply/spec.js';
import { spec as diff } from './diff/spec.js';
import { spec as exportSpec } from './export/spec.js';
import { spec as evalSpec } from './eval/spec.js';
import { spec as evalMerge } from './eval/merge/spec.js';
import { spec as evalCompare } from './eval/compare/spec.js';
import { spec as evalReport } from './eval/report/spec.js';
import { spec as logs } from './logs/spec.js';
import { spec as logsShow } from './logs/show/spec.js';
import { spec as logsSearch } from './logs/search/spec.js';
import { spec as logsStats } from './logs/stats/spec.js';
import { spec as logsReplay } from './logs/replay/spec.js';
import { spec as logsToEval } from './logs/to-eval/spec.js';
import { spec as logsRm } from './logs/rm/spec.js';
import { spec as logsPath } from './logs/path/spec.js';
import { spec as logsOn } from './logs/on/spec.js';
import { spec as logsOff } from './logs/off/spec.js';
import { spec as logsStatus } from './logs/status/spec.js';
import { spec as login } from './login/spec.js';
import { spec as logout } from './logout/spec.js';
import { spec as init } from './init/spec.js';
import { spec as signup } from './signup/spec.js';
import { spec as whoami } from './whoami/spec.js';
import { spec as keysList } from './keys/list/spec.js';
import { spec as keysCreate } from './keys/create/spec.js';
import { spec as keysRename } from './keys/rename/spec.js';
import { spec as keysDelete } from './keys/delete/spec.js';
import { spec as api } from './api/spec.js';
import { spec as status } from './status/spec.js';
import { spec as configGet } from './config/get/spec.js';
import { spec as configSet } from './config/set/spec.js';
import { spec as configUnset } from './config/unset/spec.js';
import { spec as configList } from './config/list/spec.js';
import { spec as models } from './models/spec.js';
import { spec as mcpServe } from './mcp/serve/spec.js';
import { spec as emulator } from './emulator/spec.js';
import { spec as completion } from './completion/spec.js';
import { spec as help } from './help/spec.js';
import { CONFIG_KEYS } from '../config/keys.js';

/** A kind's verbs by name: `create`… for agents, `tools create`… for the others (LLMs cannot be deleted). */
function kindVerbs(resource: ResourceDescriptor, texts = AGENT_TEXTS): Partial<Record<Verb, Command>> {
  const own = resource === AGENT ? texts : undefined;
  const seeded = 'examples' in resource ? (resource as AttachableDescriptor).examples : undefined;
  return {
    list: command(listSpec(resource, own?.list), async () =>
      (await import('./resource/list/run.js')).listRun(resource),
    ),
    get: command(getSpec(resource, { ...own?.get, seeded: seeded?.seeded }), async () =>
      (await import('./resource/get/run.js')).getRun(resource),
    ),
    create: command(createSpec(resource, own?.create ?? { examples: seeded?.create }), async () =>
      (await import('./resource/create/run.js')).createRun(resource),
    ),
    update: command(updateSpec(resource, own?.update ?? { examples: seeded && [seeded.update] }), async () =>
      (await import('./resource/update/run.js')).updateRun(resource),
    ),
    ...(resource.deletable && {
      delete: command(
        deleteSpec(
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
  command(attachSpec(resource), async () => (await import('./resource/attach/run.js')).attachRun(resource)),
];
const detachCommands = (resource: AttachableDescriptor): Command[] => [
  command(detachSpec(resource), async () => (await import('./resource/detach/run.js')).detachRun(resource)),
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

const run = <T>(module: Promise<{ run: T }>) => module.then((loaded) => loaded.run);

const agentVerbs = kindVerbs(AGENT);

/** In the order help lists them. */
export const COMMANDS: readonly Command[] = [
  agentVerbs.create!,
  agentVerbs.update!,
  command(invoke, () => run(import('./invoke/run.js'))),
  command(chat, () => run(import('./chat/run.js'))),
  ...ATTACHABLE.flatMap(attachCommands),
  ...ATTACHABLE.flatMap(detachCommands),
  agentVerbs.list!,
  agentVerbs.get!,
  agentVerbs.delete!,
  ...ATTACHABLE.flatMap((resource) => kindCommands(resource)),
  command(init, () => run(import('./init/run.js'))),
  command(apply, () => run(import('./apply/run.js'))),
  command(diff, () => run(import('./diff/run.js'))),
  command(exportSpec, () => run(import('./export/run.js'))),
  command(evalSpec, () => run(import('./eval/run.js'))),
  command(evalMerge, () => run(import('./eval/merge/run.js'))),
  command(evalCompare, () => run(import('./eval/compare/run.js'))),
  command(evalReport, () => run(import('./eval/report/run.js'))),
  command(logs, () => run(import('./logs/run.js'))),
  command(logsShow, () => run(import('./logs/show/run.js'))),
  command(logsSearch, () => run(import('./logs/search/run.js'))),
  command(logsStats, () => run(import('./logs/stats/run.js'))),
  command(logsReplay, () => run(import('./logs/replay/run.js'))),
  command(logsToEval, () => run(import('./logs/to-eval/run.js'))),
  command(logsRm, () => run(import('./logs/rm/run.js'))),
  command(logsPath, () => run(import('./logs/path/run.js'))),
  command(logsOn, () => run(import('./logs/on/run.js'))),
  command(logsOff, () => run(import('./logs/off/run.js'))),
  command(logsStatus, () => run(import('./logs/status/run.js'))),
  command(login, () => run(import('./login/run.js'))),
  command(logout, () => run(import('./logout/run.js'))),
  command(signup, () => run(import('./signup/run.js'))),
  command(whoami, () => run(import('./whoami/run.js'))),
  command(keysList, () => run(import('./keys/list/run.js'))),
  command(keysCreate, () => run(import('./keys/create/run.js'))),
  command(keysRename, () => run(import('./keys/rename/run.js'))),
  command(keysDelete, () => run(import('./keys/delete/run.js'))),
  command(api, () => run(import('./api/run.js'))),
  command(status, () => run(import('./status/run.js'))),
  command(configGet, () => run(import('./config/get/run.js'))),
  command(configSet, () => run(import('./config/set/run.js'))),
  command(configUnset, () => run(import('./config/unset/run.js'))),
  command(configList, () => run(import('./config/list/run.js'))),
  command(models, () => run(import('./models/run.js'))),
  command(mcpServe, () => run(import('./mcp/serve/run.js'))),
  command(emulator, () => run(import('./emulator/run.js'))),
  command(completion, () => run(import('./completion/run.js'))),
  command(help, () => run(import('./help/run.js'))),
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
