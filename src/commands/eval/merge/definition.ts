// `agents eval merge`: the reports of shards joined into the report one run would have written.
import { outputPath, variadicArg } from '../../../definition/flags.js';
import { BASELINE_FLAGS } from '../baseline-flags.js';
import { VIEW_FLAGS } from '../view-flags.js';
import { defineSpec } from '../../../definition/define.js';
import { reportShape } from '../definition.js';

export const spec = defineSpec({
  path: 'eval merge',
  summary: 'Join the reports of shards into the report one run would have written',
  description:
    'Join the --report files of `agents eval --shard i/n` runs: the same report, JUnit and exit code one unsharded run would have given. Refuses reports of different eval files, filters or settings, and a missing or repeated shard (exit 2).',
  args: [
    variadicArg('reports', 'the shard reports, one per shard', {
      label: 'report',
      required: true,
      complete: { kind: 'files' },
    }),
  ],
  flags: {
    report: outputPath('write the merged report there'),
    junit: outputPath('write JUnit XML there'),
    ...VIEW_FLAGS,
    ...BASELINE_FLAGS,
  },
  output: { name: 'eval', schema: reportShape },
  readsStdin: ['-'],
  uses: ['env'],
  examples: [
    'agents eval merge shard1.json shard2.json --report all.json   # exit 1: two cases fail on purpose',
    'agents eval merge shard1.json shard2.json --baseline main.json --junit eval.xml',
  ],
});
