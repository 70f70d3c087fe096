// add-tool, add-datasource and add-llm: one shape, three resources.
import type { Command } from 'commander';
import type { Deps } from '../deps.js';
import { lazyAction, newCommand, withExamples } from './define.js';
import type { AttachKind } from './attach.run.js';

const wording: Record<AttachKind, { command: string; noun: string; example: string }> = {
  tool: { command: 'add-tool', noun: 'tool', example: '5b0d6a7e-tool-id' },
  datasource: { command: 'add-datasource', noun: 'datasource', example: '9c1e2f3a-datasource-id' },
  llm: { command: 'add-llm', noun: 'LLM', example: 'a2b4c6d8-llm-id' },
};

export function attachCommand(deps: Deps, kind: AttachKind): Command {
  const { command: name, noun, example } = wording[kind];
  const command = newCommand(name, `Attach one or more ${noun}s to an agent`)
    .description(`Attach one or more ${noun}s to an agent. Attaching one that is already there succeeds, so scripts can re-run.`)
    .argument('[agent-id]', 'the agent (asked for on a terminal when left out)')
    .argument(`[${kind}-id...]`, `ids of the ${noun}s to attach (picked from a list on a terminal when left out)`)
    .action(lazyAction(deps, async () => (await import('./attach.run.js')).attachModule(kind)));
  return withExamples(command, [`agents ${name} 0b6f9f2e ${example}`, `agents ${name} 0b6f9f2e ${example} --json`]);
}
