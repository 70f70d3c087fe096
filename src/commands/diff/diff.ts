import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { lazyAction, newCommand, withExamples } from '../define.js';
import { addProvisionOptions } from '../provision-options.js';

export function diffCommand(deps: Deps): Command {
  const command = newCommand('diff', 'Show what apply would change').description(
    'Show what `agents apply` would change, and change nothing. Exit 0: nothing would change; 1: something would; other codes as usual, except that a failure other commands report as 1 exits 7, so scripts can tell "changes" from "broken".',
  );
  addProvisionOptions(command).action(lazyAction(deps, () => import('./diff.run.js')));
  return withExamples(command, [
    'agents diff -f examples/stack.yaml',
    'agents diff -f examples/stack.yaml --json',
    'agents diff -f agents.yaml || echo "drift or failure: $?"',
  ]);
}
