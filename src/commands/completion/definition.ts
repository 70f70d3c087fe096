// `agents completion bash|zsh|fish`: the completion script for a shell.
import { installLine } from '../../completion/install.js';
import { SHELLS } from '../../completion/shells.js';
import { oneOf } from '../../util/readers.js';
import { requiredArg } from '../../definition/flags.js';
import { defineSpec } from '../../definition/define.js';

export const spec = defineSpec({
  path: 'completion',
  summary: 'Print the shell completion script',
  description:
    'Print the completion script for bash, zsh or fish. Agent ids complete from the agents this machine has used. Each example below installs it for your user alone; open a new shell afterwards.',
  args: [
    requiredArg('shell', 'bash, zsh or fish', { read: oneOf(SHELLS), complete: { kind: 'choices', choices: SHELLS } }),
  ],
  flags: {},
  noJson: 'it prints a shell script',
  uses: ['program'],
  examples: SHELLS.map((shell) => installLine(shell)),
});
