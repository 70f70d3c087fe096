// `agents eval merge` and `agents eval compare`: commands over report files, no service needed.
import type { Command } from 'commander';
import { Option } from 'commander';
import type { Deps } from '../../deps.js';
import { decimal } from '../../util/decimal.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

export function evalMergeCommand(deps: Deps): Command {
  const command = newCommand('merge', 'Join the reports of shards into the report one run would have written')
    .description(
      'Join the --report files of `agents eval --shard i/n` runs: the same report, JUnit and exit code one unsharded run would have given. Refuses reports of different eval files, filters or settings, and a missing or repeated shard (exit 2).',
    )
    .argument('<report...>', 'the shard reports, one per shard')
    .option('--report <file>', 'write the merged report there')
    .option('--junit <file>', 'write JUnit XML there')
    .option('--baseline <report>', 'exit 1 only for regressions against this earlier report')
    .addOption(
      new Option('--tolerance <rate>', 'with --baseline: how far, 0 to 1, a pass rate may drop')
        .default(0)
        .argParser(decimal),
    )
    .action(lazyAction(deps, () => import('./merge/merge.run.js')));
  return withExamples(command, [
    'agents eval merge shard1.json shard2.json --report all.json   # exit 1: two cases fail on purpose',
    'agents eval merge shard1.json shard2.json --baseline main.json --junit eval.xml',
  ]);
}

export function evalCompareCommand(deps: Deps): Command {
  const command = newCommand('compare', 'Compare two eval reports case by case')
    .description(
      'Show, for each case, the verdict and pass rate in report A and in report B, and how its median time to first token and total time changed. Only the cases whose verdict or pass rate changed, unless --all. Always exit 0: it is a view.',
    )
    .argument('<before>', 'the earlier report')
    .argument('<after>', 'the later report')
    .option('--all', 'every case, changed or not')
    .action(lazyAction(deps, () => import('./compare/compare.run.js')));
  return withExamples(command, [
    'agents eval compare main.json all.json',
    'agents eval compare main.json all.json --all --json',
  ]);
}
