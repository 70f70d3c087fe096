// `agents logs stats`: per agent, runs, failures and timings.
import { defineSpec } from '../../../definition/define.js';
import { titled } from '../../output-shapes.js';
import { AGENT_FLAG, SINCE_FLAG } from '../filter-flags.js';
import { statsShape } from '../shapes.js';

export const spec = defineSpec({
  path: 'logs stats',
  summary: 'Per agent: runs, failures by kind, time to first token and total time at p50 and p95',
  description:
    'Figures of the run log per agent: runs, failures by kind, time to first token and total time at p50 and p95 (nearest rank), and answer size.',
  args: [],
  flags: { ...AGENT_FLAG, ...SINCE_FLAG },
  output: { name: 'logs-stats', schema: () => titled(statsShape(), 'agents logs stats --json: one entry per agent') },
  uses: ['env'],
  examples: ['agents logs stats', 'agents logs stats --since 7d --json'],
});
