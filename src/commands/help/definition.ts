// `agents help [command…|topic]`: a command's help, or a topic: environment, exit-codes.
import { variadicArg } from '../../definition/flags.js';
import { defineSpec } from '../../definition/define.js';
import { HELP_ARGUMENT } from './help-topics.js';

export const spec = defineSpec({
  path: 'help',
  summary: 'Show help for a command, or a topic: environment, exit-codes',
  args: [
    variadicArg('words', 'a command (config set, or "config set") or a topic', {
      label: HELP_ARGUMENT,
      complete: { kind: 'commands' },
    }),
  ],
  flags: {},
  noJson: 'it prints help text',
  uses: ['program'],
  examples: ['agents help invoke', 'agents help config set', 'agents help exit-codes', 'agents help environment'],
});
