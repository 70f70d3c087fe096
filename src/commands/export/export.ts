import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

export function exportCommand(deps: Deps): Command {
  const command = newCommand('export', 'Write existing agents in the apply format')
    .description(
      'Write existing agents in the format `agents apply` reads (YAML; JSON with --json), so a hand-made setup can become a file.',
    )
    .argument('[agent...]', 'the agents to export, each an id, an id prefix or a name')
    .option('--all', 'export every agent')
    .option('-o, --output <file>', 'write to a file instead of stdout')
    .action(lazyAction(deps, () => import('./export.run.js')));
  return withExamples(command, [
    'agents export --all > agents.yaml',
    'agents export "Docs bot" "Travel bot" -o two-agents.yaml',
    'agents export --all --json',
  ]);
}
