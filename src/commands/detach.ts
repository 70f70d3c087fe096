// remove-tool, remove-datasource and remove-llm: the DELETE link routes, idempotent.
import type { Command } from 'commander';
import type { AttachKind } from '../api/agents.js';
import type { Deps } from '../deps.js';
import { lazyAction, newCommand, withExamples } from './define.js';
import { LINK_WORDING } from '../resources/link-wording.js';

export function detachCommand(deps: Deps, kind: AttachKind): Command {
  const { noun, exampleId: example } = LINK_WORDING[kind];
  const name = `remove-${kind}`;
  const command = newCommand(name, `Detach one or more ${noun}s from an agent`)
    .description(`Detach one or more ${noun}s from an agent. Detaching one that is not attached succeeds, so scripts can re-run. The ${noun} itself is kept.`)
    .argument('<agent-id>', 'the agent')
    .argument(`<${kind}-id...>`, `ids of the ${noun}s to detach`)
    .action(lazyAction(deps, async () => (await import('./detach.run.js')).detachModule(kind)));
  return withExamples(command, [`agents ${name} 0b6f9f2e ${example}`, `agents ${name} 0b6f9f2e ${example} --json`]);
}
