// The flags that choose runs, shared by agents logs, search, stats, to-eval and rm.
import { text } from '../../definition/flags.js';
import type { RunFilter } from '../../logs/runs.js';
import { readWhen } from '../../logs/when.js';

export const AGENT_FLAG = { agent: text('runs of this agent: its name, id or id prefix, as the run logged it') };
export const SINCE_FLAG = {
  since: text('runs from this time on: 2026-11-27, 2026-11-27T10:00, or ago: 30m, 12h, 7d', { placeholder: 'when' }),
};
export const FILTER_FLAGS = {
  ...AGENT_FLAG,
  session: text('runs of this session id'),
  ...SINCE_FLAG,
  until: text('runs before this time (as --since)', { placeholder: 'when' }),
};

export function filterOf(options: {
  agent?: string;
  session?: string;
  since?: string;
  until?: string;
  failed?: boolean;
}): RunFilter {
  return {
    agent: options.agent,
    session: options.session,
    since: options.since === undefined ? undefined : readWhen(options.since, '--since'),
    until: options.until === undefined ? undefined : readWhen(options.until, '--until'),
    failed: options.failed,
  };
}
