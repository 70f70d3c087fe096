// add-tool, add-datasource and add-llm: one shape, three resources.
import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { AGENT_ARGUMENT } from '../argument-words.js';
import { lazyAction, newCommand, withExamples } from '../define.js';
import { ATTACHABLE_OF, referenceWords, type AttachKind } from '../../resources/registry.js';

export const attachCommandName = (kind: AttachKind) => `add-${kind}`;

export function attachCommand(deps: Deps, kind: AttachKind): Command {
  const { noun, examples } = ATTACHABLE_OF[kind];
  const example = examples.seeded;
  const name = attachCommandName(kind);
  const command = newCommand(name, `Attach one or more ${noun}s to an agent`)
    .description(
      `Attach one or more ${noun}s to an agent. Attaching one that is already there succeeds, so scripts can re-run.`,
    )
    .argument('[agent]', AGENT_ARGUMENT + ' (asked for on a terminal when left out)')
    .argument(
      `[${kind}...]`,
      `the ${noun}s to attach, each ${referenceWords(kind)} (picked from a list on a terminal when left out)`,
    )
    .action(lazyAction(deps, async () => (await import('./attach.run.js')).attachModule(kind)));
  return withExamples(command, [`agents ${name} "Docs bot" ${example}`, `agents ${name} "Docs bot" ${example} --json`]);
}
