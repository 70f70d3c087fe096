// The run log of a command that records (invoke, chat, eval, mcp serve, logs replay): imported by
// those alone, so a command that records nothing loads none of the log's code.
import type { Uses } from '../context.js';
import { logsDbPath } from '../logs/path.js';
import { RunLog } from '../logs/record.js';
import { LOGS_NODE_HINT, sqliteAvailable } from '../logs/sqlite.js';

/**
 * The run log, when this line records (not --no-log, AGENTS_NO_LOG=1 or `logs false`), opened
 * at its first record. The caller closes it when its command ends.
 */
export function runLogFor(ctx: Uses<'settings' | 'env' | 'state'>): RunLog | undefined {
  const settings = ctx.settings();
  if (!ctx.globals.log || !settings.logs) return undefined;
  // A Node without node:sqlite records nothing, and keeps nothing for it (no copy, no clock); it
  // tells a person at a terminal once per profile, so a run log that stays empty is no surprise
  // (a pipeline's log, read by no one for this, stays as it was).
  if (!sqliteAvailable()) return void (ctx.io.stderr.isTTY === true && noticeNoRunLog(ctx, settings.profile));
  // Only the run log's retention is soft today: a bad one costs this run its record.
  if (settings.problems.length > 0) {
    ctx.io.logger.warn(`${settings.problems.join('; ')}; this run is not logged`);
    return undefined;
  }
  const place = {
    path: logsDbPath(ctx.env),
    profile: settings.profile,
    baseUrl: settings.baseUrl,
    maxRuns: settings.logsMaxRuns,
    maxDays: settings.logsMaxDays,
  };
  return new RunLog(place, (message) => ctx.io.logger.warn(message));
}

function noticeNoRunLog(ctx: Uses<'state'>, profile: string): void {
  const key = `no-run-log ${profile}`;
  const state = ctx.stateStore();
  try {
    if (state.noticeGiven(key)) return;
  } catch {
    return; // an unreadable state file: a notice is not worth a second warning
  }
  ctx.io.logger.warn(
    `runs are not logged on Node ${process.versions.node} (profile "${profile}"): ${LOGS_NODE_HINT} to keep them; said once`,
  );
  void ctx.recordLocally((store) => store.markNoticeGiven(key));
}
