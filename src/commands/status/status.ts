import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

export function statusCommand(deps: Deps): Command {
  const command = newCommand('status', 'Show the profile, service address and where the token comes from').action(
    lazyAction(deps, () => import('./status.run.js')),
  );
  return withExamples(command, ['agents status', 'agents status --profile staging --json']);
}
