import { decimal } from '../../util/decimal.js';
import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { AGENT_ARGUMENT } from '../argument-words.js';
import { lazyAction, newCommand, withExamples } from '../define.js';
import { addSessionOptions } from '../invoke/invoke.js';

export function chatCommand(deps: Deps): Command {
  const command = newCommand('chat', 'Talk with an agent in one session')
    .description(
      'Talk with an agent in one session, replies streamed live. /help lists the commands, /new starts a fresh session, /exit or Ctrl-D leaves; //text sends text that starts with /. Ctrl-C stops the current reply; at the prompt, Ctrl-C twice leaves. With stdin not a terminal, each line is one turn, so a conversation can be scripted.',
    )
    .argument('[agent]', `${AGENT_ARGUMENT} (picked from a list on a terminal when left out)`);
  addSessionOptions(command)
    .option('--temperature <n>', 'model temperature, 0 to 2', decimal)
    .option('--max-tokens <n>', 'most tokens the model may produce', decimal)
    .action(lazyAction(deps, () => import('./chat.run.js')));
  // The piped conversation first: -c then continues it, so the lines run in this order as written.
  return withExamples(command, [
    'printf \'Hi\\nWhat did I say?\\n\' | agents chat "Docs bot"',
    'agents chat "Docs bot" -c',
    'agents chat "Docs bot"',
  ]);
}
