import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

export function logoutCommand(deps: Deps): Command {
  const command = newCommand('logout', 'Forget the token of a profile (the base URL is kept)').action(
    lazyAction(deps, () => import('./logout.run.js')),
  );
  return withExamples(command, ['agents logout', 'agents logout --profile staging']);
}
