// `agents whoami`: the user a token belongs to.
import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

export function whoamiCommand(deps: Deps): Command {
  const command = newCommand(
    'whoami',
    'Show the user the token belongs to, the profile and the service address',
  ).action(lazyAction(deps, () => import('./whoami.run.js')));
  return withExamples(command, ['agents whoami', 'agents whoami --json']);
}
