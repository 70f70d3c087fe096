import type { Command } from 'commander';
import type { Deps } from '../deps.js';
import { lazyAction, newCommand, withExamples } from './define.js';
import { addProvisionOptions } from './provision-options.js';

export function applyCommand(deps: Deps): Command {
  const command = newCommand('apply', 'Make the agents in a file exist, as described')
    .description(
      'Make the agents in a file exist: match them by name, create the missing ones, change only the fields that differ, attach missing tools, datasources and LLMs. Prints the plan, then applies it. Safe to re-run: a second run changes nothing. Format: docs/provisioning.md.',
    )
    .option('--dry-run', 'print the plan and change nothing');
  addProvisionOptions(command).action(lazyAction(deps, () => import('./apply.run.js')));
  return withExamples(command, ['agents apply -f agents.yaml', 'agents apply -f agents/ --dry-run', 'cat agents.json | agents apply -f - --json']);
}
