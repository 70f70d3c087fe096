// `agents logs`: the latest runs of the run log (invoke, chat, eval, mcp serve).
import { z } from '../../util/zod.js';
import { count, on } from '../../definition/flags.js';
import { titled } from '../output-shapes.js';
import { defineSpec } from '../../definition/define.js';
import { FILTER_FLAGS } from './filter-flags.js';
import { runShape } from './shapes.js';

export const spec = defineSpec({
  path: 'logs',
  summary: 'List the runs kept in the local run log',
  description:
    'List the latest runs of the run log, newest first: every invoke, chat turn, eval case and mcp serve call is kept in a local SQLite database (agents logs path) with its input, answer, tool calls, timings and how it ended, secrets hidden. Needs Node 22.13 or newer. Off with --no-log, AGENTS_NO_LOG=1 or agents logs off. The loop from a run to a test: docs/logs.md.',
  args: [],
  flags: {
    limit: count('how many runs to show', { short: '-n', min: 1, max: 100_000, default: '20' }),
    ...FILTER_FLAGS,
    failed: on('only runs that failed'),
  },
  output: { name: 'logs', schema: () => titled(z.array(runShape()), 'agents logs --json: the runs, newest first') },
  uses: ['env'],
  examples: [
    'agents invoke "Support bot" "What is the refund policy?"',
    'agents logs -n 5',
    'agents logs --agent "Support bot" --since 1d --failed',
    'agents logs --json | jq -r ".[0].answer"',
  ],
});
