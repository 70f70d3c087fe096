// The run log as agents logs opens it: Node 22.13+, and a file it can use (else exit 2, in one line
// naming the file and how to move it aside).
import type { DatabaseSync } from 'node:sqlite';
import type { Uses } from '../../context.js';
import { logsDbPath } from '../../logs/path.js';
import { requireSqlite } from '../../logs/sqlite.js';
import { openLogDb } from '../../logs/store.js';

export function openRunLog(ctx: Uses<'env'>): DatabaseSync {
  return openLogDb(requireSqlite(), logsDbPath(ctx.env));
}
