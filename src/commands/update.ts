import type { Command } from 'commander';
import type { Deps } from '../deps.js';
import { lazyAction, newCommand, withExamples } from './define.js';
import { addAgentFieldOptions } from './agent-options.js';

export function updateCommand(deps: Deps): Command {
  const command = newCommand('update', 'Change fields of an agent')
    .description('Change fields of an agent. Only the fields you give are sent.')
    .argument('[agent-id]', 'the agent to change (picked from a list on a terminal when left out)');
  addAgentFieldOptions(command, 'update').action(lazyAction(deps, () => import('./update.run.js')));
  return withExamples(command, [
    'agents update 0b6f9f2e --prompt "Answer in one sentence."',
    'agents update 0b6f9f2e --no-active',
    'agents update 0b6f9f2e -f changes.yaml',
  ]);
}
