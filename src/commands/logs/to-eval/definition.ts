// `agents logs to-eval`: logged runs as eval cases.
import { z } from '../../../util/zod.js';
import { count, outputPath, text, variadicArg } from '../../../definition/flags.js';
import { titled } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';
import { AGENT_FLAG, SINCE_FLAG } from '../filter-flags.js';

export const spec = defineSpec({
  path: 'logs to-eval',
  summary: 'Write logged runs as eval cases (YAML), each with checks its logged answer passes',
  description:
    'Write eval cases made from logged runs: the logged input, the agent, and checks the logged answer passes (no error, a sentence of it, the tools it called, the schema it matched), commented so you tighten them. Choose runs by id, by --search, or by --agent and --since. agents eval -f runs the file as written. A run that failed is left out, with why on stderr.',
  args: [variadicArg('ids', 'runs, by id or the start of one', { label: 'run', complete: { kind: 'runs' } })],
  flags: {
    search: text('the runs whose input or answer holds these words'),
    ...AGENT_FLAG,
    ...SINCE_FLAG,
    limit: count('at most this many runs (with --search, --agent or --since)', {
      short: '-n',
      min: 1,
      max: 10_000,
      default: '20',
    }),
    output: outputPath('write the cases to this file instead of stdout', { short: '-o' }),
  },
  output: {
    name: 'logs-to-eval',
    schema: () =>
      titled(
        z.object({ file: z.nullable(z.string()), cases: z.number(), skipped: z.array(z.string()) }),
        'agents logs to-eval -o FILE --json: what was written (without -o the YAML is stdout, --json or not)',
      ),
  },
  uses: ['env'],
  examples: [
    'agents logs to-eval "$(agents logs -n 1 -q)" -o logged.yaml',
    'agents logs to-eval --search refund --agent "Support bot" -n 5 > refund-cases.yaml',
  ],
});
