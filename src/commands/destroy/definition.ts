// `agents destroy`: delete what a stack declares, as terraform destroy and kubectl delete -f do.
import { z } from '../../util/zod.js';
import { count, list, on } from '../../definition/flags.js';
import { described, errorShape, titled } from '../output-shapes.js';
import { defineSpec } from '../../definition/define.js';
import { SUFFIX_FLAG } from '../suffix-flag.js';
import { SUMMARY_FLAG } from '../summary-flag.js';

const kind = () => z.string();

export const spec = defineSpec({
  path: 'destroy',
  summary: 'Delete the agents, tools and datasources a file declares',
  description:
    'Delete what a stack declares: its agents, then its tools and datasources, except one an agent outside the stack is linked to (kept, and that agent named). LLMs are never deleted: the service cannot. Prints the plan first, then asks (on a terminal) or needs --yes. A second run has nothing to do. With --suffix, the isolated copy apply made with the same suffix. Format: docs/provisioning.md.',
  args: [],
  flags: {
    file: list('a YAML or JSON file, a folder of them, or - for stdin (repeatable)', {
      short: '-f',
      placeholder: 'path',
      complete: { kind: 'files' },
    }),
    dryRun: on('print the plan and delete nothing'),
    yes: on('delete without asking (needed off a terminal)', { short: '-y' }),
    concurrency: count('records worked on at once', { min: 1, max: 64, default: '4' }),
    ...SUFFIX_FLAG,
    ...SUMMARY_FLAG,
  },
  output: {
    name: 'destroy',
    schema: () =>
      titled(
        z.object({
          dryRun: z.boolean(),
          plan: z.array(
            z.object({
              kind: kind(),
              name: z.string(),
              action: described(
                z.enum(['delete', 'absent', 'kept', 'never']),
                'kept: an agent outside the stack uses it (linkedBy); never: an LLM, which the service cannot delete; absent: nothing by that name',
              ),
              id: z.nullable(z.string()),
              linkedBy: z.optional(z.array(z.string())),
            }),
          ),
          results: z.array(
            z.object({
              kind: kind(),
              name: z.string(),
              id: z.string(),
              deleted: z.boolean(),
              error: z.optional(errorShape()),
            }),
          ),
        }),
        'agents destroy --json: the plan, and each deletion (none with --dry-run or when nothing was confirmed)',
      ),
  },
  uses: ['service', 'config', 'prompts', 'env'],
  examples: [
    'agents destroy -f stack.yaml --dry-run',
    'agents destroy -f stack.yaml --suffix -pr-123 --yes',
    'agents destroy -f stacks/ --suffix -pr-123 --dry-run --json',
  ],
  readsStdin: ['-f', '-'],
});
