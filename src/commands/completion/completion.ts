import { Argument, type Command } from 'commander';
import { installLine } from '../../completion/install.js';
import { SHELLS } from '../../completion/shells.js';
import type { Deps } from '../../deps.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

export function completionCommand(deps: Deps): Command {
  const command = newCommand('completion', 'Print the shell completion script')
    .description(
      'Print the completion script for bash, zsh or fish. Agent ids complete from the agents this machine has used. Each example below installs it for your user alone; open a new shell afterwards.',
    )
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .action(lazyAction(deps, () => import('./completion.run.js')));
  return withExamples(
    command,
    SHELLS.map((shell) => installLine(shell)),
  );
}
