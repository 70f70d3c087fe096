import type { Command } from 'commander';
import type { Deps } from '../deps.js';
import { lazyAction, newCommand, withExamples } from './define.js';

export function deleteCommand(deps: Deps): Command {
  const command = newCommand('delete', 'Delete an agent')
    .description('Delete an agent. Asks for confirmation on a terminal; scripts must pass --yes.')
    .argument('[agent-id]', 'the agent (picked from a list on a terminal when left out)')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(lazyAction(deps, () => import('./delete.run.js')));
  return withExamples(command, ['agents delete 0b6f9f2e', 'agents delete 0b6f9f2e --yes']);
}
