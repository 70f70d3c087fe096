import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { AGENT_ARGUMENT } from '../argument-words.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

export function getCommand(deps: Deps): Command {
  const command = newCommand('get', 'Show one agent with its tools, datasources and LLMs')
    .argument('[agent]', `${AGENT_ARGUMENT} (picked from a list on a terminal when left out)`)
    .action(lazyAction(deps, () => import('./get.run.js')));
  return withExamples(command, ['agents get "Docs bot"', 'agents get "Docs bot" --json']);
}
