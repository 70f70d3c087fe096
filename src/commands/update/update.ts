import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { AGENT_ARGUMENT } from '../argument-words.js';
import { lazyAction, newCommand, withExamples } from '../define.js';
import { addAgentFieldOptions } from '../agent-options.js';

export function updateCommand(deps: Deps): Command {
  const command = newCommand('update', 'Change fields of an agent')
    .description('Change fields of an agent. Only the fields you give are sent.')
    .argument('[agent]', `${AGENT_ARGUMENT} (picked from a list on a terminal when left out)`);
  addAgentFieldOptions(command, 'update').action(lazyAction(deps, () => import('./update.run.js')));
  return withExamples(command, [
    'agents update "Docs bot" --prompt "Answer in one sentence."',
    'agents update "Docs bot" --no-active',
    'printf \'isActive: true\\n\' | agents update "Docs bot" -f -',
  ]);
}
