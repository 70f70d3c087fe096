// add-tool, add-datasource and add-llm: one shape, three resources.
import type { Command } from 'commander';
import type { Deps } from '../deps.js';
import { lazyAction, newCommand, withExamples } from './define.js';
import { LINK_WORDING } from '../resources/link-wording.js';
import type { AttachKind } from './attach.run.js';

export function attachCommand(deps: Deps, kind: AttachKind): Command {
  const { noun, exampleId: example } = LINK_WORDING[kind];
  const name = `add-${kind}`;
  const command = newCommand(name, `Attach one or more ${noun}s to an agent`)
    .description(`Attach one or more ${noun}s to an agent. Attaching one that is already there succeeds, so scripts can re-run.`)
    .argument('[agent-id]', 'the agent (asked for on a terminal when left out)')
    .argument(`[${kind}-id...]`, `ids of the ${noun}s to attach (picked from a list on a terminal when left out)`)
    .action(lazyAction(deps, async () => (await import('./attach.run.js')).attachModule(kind)));
  return withExamples(command, [`agents ${name} 0b6f9f2e ${example}`, `agents ${name} 0b6f9f2e ${example} --json`]);
}
