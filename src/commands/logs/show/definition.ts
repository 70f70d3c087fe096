// `agents logs show ID`: one logged run, whole.
import { requiredArg } from '../../../definition/flags.js';
import { titled } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';
import { runShape } from '../shapes.js';

export const spec = defineSpec({
  path: 'logs show',
  summary: 'Show one logged run whole',
  description:
    'Show one run of the run log: its input, the answer as it streamed, tool calls, timings and how it ended.',
  args: [requiredArg('id', 'the run, by its id or the start of it', { label: 'run', complete: { kind: 'runs' } })],
  flags: {},
  output: { name: 'logs-run', schema: () => titled(runShape(), 'agents logs show --json: one run') },
  uses: ['env'],
  examples: ['agents logs show "$(agents logs -n 1 -q)"'],
});
