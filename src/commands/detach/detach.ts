// remove-tool, remove-datasource and remove-llm: the service's detach (DELETE) routes, idempotent.
import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { AGENT_ARGUMENT } from '../argument-words.js';
import { lazyAction, newCommand, withExamples } from '../define.js';
import { ATTACHABLE_OF, referenceWords, type AttachKind } from '../../resources/registry.js';

export const detachCommandName = (kind: AttachKind) => `remove-${kind}`;

export function detachCommand(deps: Deps, kind: AttachKind): Command {
  const { noun, examples } = ATTACHABLE_OF[kind];
  const example = examples.seeded;
  const name = detachCommandName(kind);
  const command = newCommand(name, `Detach one or more ${noun}s from an agent`)
    .description(
      `Detach one or more ${noun}s from an agent. Detaching one that is not attached succeeds, so scripts can re-run. The ${noun} itself is kept.`,
    )
    .argument('<agent>', AGENT_ARGUMENT)
    .argument(`<${kind}...>`, `the ${noun}s to detach, each ${referenceWords(kind)}`)
    .action(lazyAction(deps, async () => (await import('./detach.run.js')).detachModule(kind)));
  return withExamples(command, [`agents ${name} "Docs bot" ${example}`, `agents ${name} "Docs bot" ${example} --json`]);
}
