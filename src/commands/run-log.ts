// The run log of a command that records (invoke, chat, eval, mcp serve, logs replay): imported by
// those alone, so a command that records nothing loads none of the log's code.
import type { Context } from '../context.js';
import { logsDbPath } from '../logs/path.js';
import { RunLog } from '../logs/record.js';
import { sqliteAvailable } from '../logs/sqlite.js';

/**
 * The run log, when this line records (not --no-log, AGENTS_NO_LOG=1 or `logs false`), opened
 * at its first record. The caller closes it when its command ends.
 */
export function runLogFor(ctx: Context): RunLog | undefined {
  // A Node without node:sqlite records nothing, and keeps nothing for it (no copy, no clock).
  if (!sqliteAvailable()) return undefined;
  const settings = ctx.settings();
  if (!ctx.globals.log || !settings.logs) return undefined;
  if (settings.logsProblem) {
    ctx.io.logger.warn(`${settings.logsProblem}; this run is not logged`);
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
