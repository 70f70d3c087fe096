// `agents logs status`: whether runs are logged, where, and how many.
import { z } from '../../../util/zod.js';
import { defineSpec } from '../../../definition/define.js';
import { titled } from '../../output-shapes.js';

export const spec = defineSpec({
  path: 'logs status',
  summary: 'Say whether runs are logged, where, and how many the log holds',
  description:
    'Say whether this command line would log its runs (and if not, why), where the run log is, its runs and size.',
  args: [],
  flags: {},
  output: {
    name: 'logs-status',
    schema: () =>
      titled(
        z.object({
          logging: z.boolean(),
          why: z.nullable(z.string()),
          path: z.string(),
          runs: z.nullable(z.number()),
          bytes: z.nullable(z.number()),
        }),
        'agents logs status --json',
      ),
  },
  uses: ['settings', 'env'],
  examples: ['agents logs status'],
});
