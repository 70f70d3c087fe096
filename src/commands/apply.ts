import type { Command } from 'commander';
import type { Deps } from '../deps.js';
import { lazyAction, newCommand, withExamples } from './define.js';
import { addProvisionOptions } from './provision-options.js';

export function applyCommand(deps: Deps): Command {
  const command = newCommand('apply', 'Make the tools, datasources, LLMs and agents in a file exist, as described')
    .description(
      'Make a stack in a file exist: its tools, datasources and LLMs first, then its agents, then their links (by name). Matches by id, then by name; creates what is missing, changes only the fields that differ, attaches missing links, and with --prune detaches links the file does not list. It never deletes anything. Prints the plan, then applies it. Safe to re-run: a second run changes nothing. Format: docs/provisioning.md.',
    )
    .option('--dry-run', 'print the plan and change nothing');
  addProvisionOptions(command).action(lazyAction(deps, () => import('./apply.run.js')));
  return withExamples(command, [
    'agents apply -f agents.yaml',
    'agents apply -f agents/ --dry-run',
    'cat agents.json | agents apply -f - --json',
    'AGENTS_KEY_OPENAI=sk-… agents apply -f examples/stack.yaml --prune',
    'agents apply -f agents.yaml --allow-env OPENAI_API_KEY',
  ]);
}
