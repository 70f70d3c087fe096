// `agents diff`: what apply would change, changing nothing.
import { z } from '../../util/zod.js';
import { titled } from '../output-shapes.js';
import { PROVISION_FLAGS } from '../provision-flags.js';
import { planShape, resourcesPlanShape } from '../provision-shapes.js';
import { defineSpec } from '../../definition/define.js';

export const spec = defineSpec({
  path: 'diff',
  summary: 'Show what apply would change',
  description:
    'Show what `agents apply` would change, and change nothing. Exit 0: nothing would change; 1: something would; other codes as usual, except that a failure other commands report as 1 exits 7, so scripts can tell "changes" from "broken".',
  args: [],
  flags: PROVISION_FLAGS,
  output: {
    name: 'diff',
    schema: () =>
      titled(
        z.object({ changes: z.boolean(), plan: planShape(), resources: resourcesPlanShape() }),
        'agents diff --json',
      ),
  },
  uses: ['service', 'env'],
  examples: [
    'agents diff -f stack.yaml',
    'agents diff -f stack.yaml --json',
    'agents diff -f agents.yaml || echo "drift or failure: $?"',
  ],
  readsStdin: ['-f', '-'],
});
