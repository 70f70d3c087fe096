// `agents eval compare`: two reports, case by case.
import { z } from '../../../util/zod.js';
import { on, requiredArg } from '../../../definition/flags.js';
import { titled } from '../../output-shapes.js';
import { SUMMARY_FLAG } from '../../summary-flag.js';
import { defineSpec } from '../../../definition/define.js';

const side = () =>
  z.nullable(
    z.object({
      passed: z.boolean(),
      passRate: z.number(),
      ttftMs: z.nullable(z.number()),
      totalMs: z.nullable(z.number()),
    }),
  );

export const spec = defineSpec({
  path: 'eval compare',
  summary: 'Compare two eval reports case by case',
  description:
    'Show, for each case, the verdict and pass rate in report A and in report B, and how its median time to first token and total time changed. Only the cases whose verdict or pass rate changed, unless --all. Always exit 0: it is a view.',
  args: [
    requiredArg('before', 'the earlier report', { complete: { kind: 'files' } }),
    requiredArg('after', 'the later report', { complete: { kind: 'files' } }),
  ],
  flags: { all: on('every case, changed or not'), ...SUMMARY_FLAG },
  readsStdin: ['-', 'after.json'],
  output: {
    name: 'eval-compare',
    schema: () =>
      titled(
        z.object({
          before: z.string(),
          after: z.string(),
          cases: z.array(
            z.object({
              name: z.string(),
              before: side(),
              after: side(),
              ttftChangeMs: z.nullable(z.number()),
              totalChangeMs: z.nullable(z.number()),
              changed: z.boolean(),
            }),
          ),
        }),
        'agents eval compare --json: each case before and after (only changed ones unless --all)',
      ),
  },
  uses: ['env'],
  examples: ['agents eval compare main.json all.json', 'agents eval compare main.json all.json --all --json'],
});
