import { decimal } from '../../util/decimal.js';
import { Option, type Command } from 'commander';
import type { Deps } from '../../deps.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

export function listCommand(deps: Deps): Command {
  const command = newCommand('list', 'List your agents')
    .description('List your agents as a compact table (id, name, model, active), one page at a time or all of them.')
    .addOption(new Option('--limit <n>', 'how many agents to show').default(50).argParser(decimal))
    .addOption(new Option('--all', 'fetch every page').conflicts('limit'))
    .action(lazyAction(deps, () => import('./list.run.js')));
  return withExamples(command, ['agents list', 'agents list --all --json', 'agents list --limit 10']);
}
