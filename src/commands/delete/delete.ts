import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { AGENT_ARGUMENT } from '../argument-words.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

export function deleteCommand(deps: Deps): Command {
  const command = newCommand('delete', 'Delete an agent')
    .description('Delete an agent. Asks for confirmation on a terminal; scripts must pass --yes.')
    .argument('[agent]', `${AGENT_ARGUMENT} (picked from a list on a terminal when left out)`)
    .option('-y, --yes', 'do not ask for confirmation')
    .action(lazyAction(deps, () => import('./delete.run.js')));
  return withExamples(command, [
    'agents delete "Docs bot"   # exit 2 here: it asks first, and only on a terminal',
    'id=$(agents create -q --name Scratch --description "a throwaway" --llm-model GPT_4) && agents delete "$id" --yes',
  ]);
}
