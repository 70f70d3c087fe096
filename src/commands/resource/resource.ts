// `agents tools|datasources|llms <verb>`: one command group per resource descriptor, noun then
// verb as gh does. Syntax only; the verbs are loaded when they run (resources.run.ts).
import { type Command, Option } from 'commander';
import type { Deps } from '../../deps.js';
import type { AttachableDescriptor } from '../../resources/descriptor.js';
import { referenceWords } from '../../resources/registry.js';
import { addFieldOptions } from '../../resources/flags.js';
import { IF_MISSING_FLAG } from '../../resources/if-missing.js';
import { decimal } from '../../util/decimal.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

import type { ResourceVerb } from './resource.run.js';

const load = (resource: AttachableDescriptor, verb: ResourceVerb) => async () =>
  (await import('./resource.run.js')).resourceVerb(resource, verb);

export function resourceCommand(deps: Deps, resource: AttachableDescriptor): Command {
  const { kind, noun, plural, examples } = resource;
  const argument = `<${kind}>`;
  const verbs = resource.deletable ? 'create, update and delete' : 'create and update';
  const group = newCommand(plural, `List, show, ${verbs} ${noun}s`);
  const verb = (name: ResourceVerb, summary: string, lines: string[]): Command => {
    const sub = withExamples(newCommand(name, summary).action(lazyAction(deps, load(resource, name))), lines);
    group.addCommand(sub);
    return sub;
  };

  verb('list', `List your ${noun}s, newest first`, [
    `agents ${plural} list`,
    `agents ${plural} list --json`,
    `agents ${plural} list -q`,
  ])
    .addOption(new Option('--limit <n>', `at most this many ${noun}s`).default(50).argParser(decimal))
    .option('--all', `every ${noun}, page by page`);
  const described = (command: Command) => command.argument(argument, `the ${noun}: ${referenceWords(resource)}`);
  described(
    verb('get', `Show one ${noun}`, [
      `agents ${plural} get ${examples.seeded}`,
      `agents ${plural} get ${examples.seeded} --json`,
    ]),
  );
  const create = verb(
    'create',
    `Create ${noun === 'LLM' ? 'an' : 'a'} ${noun} from flags and/or --file (asks for what is missing on a terminal)`,
    [...examples.create],
  );
  addFieldOptions(
    create.option('-f, --file <path>', 'JSON or YAML with the fields (- for stdin); flags override it'),
    resource,
    'create',
  ).option(
    IF_MISSING_FLAG,
    `when ${noun === 'LLM' ? 'an LLM of this provider' : `a ${noun} of this name`} exists, print it and create nothing (safe to re-run)`,
  );
  addFieldOptions(
    described(verb('update', `Change only the given fields of a ${noun}`, [examples.update])),
    resource,
    'update',
  );
  if (resource.deletable) {
    described(
      verb('delete', `Delete a ${noun} (agents that use it lose it)`, [
        `id=$(${examples.scratch}) && agents ${plural} delete "$id" --yes`,
      ]),
    ).option('-y, --yes', 'do not ask for confirmation');
  }
  return withExamples(group, [
    `agents ${plural} list`,
    ...examples.create.slice(0, 1),
    `agents ${plural} get ${examples.seeded}`,
  ]);
}
