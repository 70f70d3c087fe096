// agents logs on, off and status: the `logs` setting of the profile, and what the log holds.
import { statSync } from 'node:fs';
import type { Uses } from '../../context.js';
import { logsDbPath } from '../../logs/path.js';
import { countRuns } from '../../logs/runs.js';
import { LOGS_NODE, LOGS_NODE_HINT, loadSqlite, sqliteAvailable } from '../../logs/sqlite.js';
import { openLogDb } from '../../logs/store.js';
import { switchedOn } from '../../util/readers.js';

/** Saves the setting in the profile (as `agents config set logs true|false`). */
export async function switchLogs(ctx: Uses<'settings' | 'config'>, on: boolean): Promise<void> {
  const { profile } = ctx.settings();
  await ctx.configStore().updateProfile(profile, (saved) => ({ ...saved, logs: on }));
  // The setting is kept for the Node that can use it; this one is told it cannot.
  if (on && !sqliteAvailable())
    ctx.io.logger.warn(`this is Node ${process.versions.node}, which cannot keep runs: ${LOGS_NODE_HINT} to keep them`);
  await ctx.out.result(
    { logs: on, profile },
    {
      human: () =>
        void ctx.io.logger.success(
          sqliteAvailable()
            ? `Runs are ${on ? 'logged' : 'not logged'} (profile "${profile}").`
            : `Saved logs ${on} for profile "${profile}".`,
        ),
    },
  );
}

export interface LogStatus {
  logging: boolean;
  /** Why it is off, when it is. */
  why: string | null;
  path: string;
  runs: number | null;
  bytes: number | null;
}

export function logStatus(ctx: Uses<'settings' | 'env'>): LogStatus {
  const settings = ctx.settings();
  const path = logsDbPath(ctx.env);
  const why = !loadSqlite()
    ? `this is Node ${process.versions.node}; the run log needs Node ${LOGS_NODE} or newer`
    : !ctx.globals.log
      ? '--no-log'
      : switchedOn(ctx.env.AGENTS_NO_LOG, 'AGENTS_NO_LOG')
        ? `AGENTS_NO_LOG=${ctx.env.AGENTS_NO_LOG}`
        : !settings.logs
          ? `agents logs off (profile "${settings.profile}")`
          : null;
  let runs: number | null = null;
  let bytes: number | null = null;
  const sqlite = loadSqlite();
  if (sqlite) {
    const db = openLogDb(sqlite, path);
    try {
      runs = countRuns(db);
    } finally {
      db.close();
    }
    bytes = statSync(path).size;
  }
  return { logging: why === null, why, path, runs, bytes };
}
