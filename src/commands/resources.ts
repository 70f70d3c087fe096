// `agents tools|datasources|llms <verb>`: one command group per resource descriptor, noun then
// verb as gh does. Syntax only; the verbs are loaded when they run (resources.run.ts).
import { type Command, Option } from 'commander';
import type { Deps } from '../deps.js';
import type { ResourceDescriptor } from '../resources/descriptor.js';
import { addFieldOptions } from '../resources/flags.js';
import { IF_MISSING_FLAG } from '../resources/if-missing.js';
import { decimal } from '../util/decimal.js';
import { referenceWords } from './argument-words.js';
import { lazyAction, newCommand, withExamples } from './define.js';

export type ResourceVerb = 'list' | 'get' | 'create' | 'update' | 'delete';

const load = (resource: ResourceDescriptor, verb: ResourceVerb) => async () => (await import('./resources.run.js')).resourceVerb(resource, verb);

/**
 * What each resource's help shows, run as written by the docs test against the emulator (its
 * seeded records, by name): creates that can be re-run, an update, and a delete of what it made.
 */
const EXAMPLES: Record<string, { create: string[]; update: string; get: string; scratch?: string }> = {
  tools: {
    create: ['agents tools create --name weather --type FUNCTION --description "Weather by city" --if-missing'],
    update: 'agents tools update weather --description "Current weather for a city."',
    get: 'weather',
    scratch: 'agents tools create -q --name scratch --type FUNCTION',
  },
  datasources: {
    create: ['agents datasources create --name handbook --type URL --url https://example.com/handbook --if-missing'],
    update: 'agents datasources update handbook.pdf --description "The employee handbook."',
    get: 'handbook.pdf',
    scratch: 'agents datasources create -q --name scratch --type URL --url https://example.com',
  },
  llms: {
    create: [
      'printf %s "$AGENTS_KEY_OPENAI" | agents llms create --provider OPENAI --api-key-stdin --if-missing',
      'AGENTS_LLM_API_KEY=$AGENTS_KEY_OPENAI agents llms create --provider OPENAI --if-missing',
    ],
    update: 'agents llms update OPENAI --options \'{"temperature":0}\'',
    get: 'OPENAI',
  },
};

export function resourceCommand(deps: Deps, resource: ResourceDescriptor): Command {
  const { noun, plural } = resource;
  const kind = plural === 'llms' ? 'llm' : (noun as 'tool' | 'datasource');
  const argument = `<${kind}>`;
  const examples = EXAMPLES[plural]!;
  const verbs = resource.deletable ? 'create, update and delete' : 'create and update';
  const group = newCommand(plural, `List, show, ${verbs} ${noun}s`);
  const verb = (name: ResourceVerb, summary: string, lines: string[]): Command => {
    const sub = withExamples(newCommand(name, summary).action(lazyAction(deps, load(resource, name))), lines);
    group.addCommand(sub);
    return sub;
  };

  verb('list', `List your ${noun}s, newest first`, [`agents ${plural} list`, `agents ${plural} list --json`, `agents ${plural} list -q`])
    .addOption(new Option('--limit <n>', `at most this many ${noun}s`).default(50).argParser(decimal))
    .option('--all', `every ${noun}, page by page`);
  const described = (command: Command) => command.argument(argument, `the ${noun}: ${referenceWords(kind)}`);
  described(verb('get', `Show one ${noun}`, [`agents ${plural} get ${examples.get}`, `agents ${plural} get ${examples.get} --json`]));
  const create = verb(
    'create',
    `Create ${noun === 'LLM' ? 'an' : 'a'} ${noun} from flags and/or --file (asks for what is missing on a terminal)`,
    examples.create,
  );
  addFieldOptions(create.option('-f, --file <path>', 'JSON or YAML with the fields (- for stdin); flags override it'), resource, 'create').option(
    IF_MISSING_FLAG,
    `when ${noun === 'LLM' ? 'an LLM of this provider' : `a ${noun} of this name`} exists, print it and create nothing (safe to re-run)`,
  );
  addFieldOptions(described(verb('update', `Change only the given fields of a ${noun}`, [examples.update])), resource, 'update');
  if (resource.deletable) {
    described(verb('delete', `Delete a ${noun} (agents that use it lose it)`, [`id=$(${examples.scratch}) && agents ${plural} delete "$id" --yes`])).option(
      '-y, --yes',
      'do not ask for confirmation',
    );
  }
  return withExamples(group, [`agents ${plural} list`, ...examples.create.slice(0, 1), `agents ${plural} get ${examples.get}`]);
}
