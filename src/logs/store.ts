// The run log's database: opened with its checks (a file of someone else, not SQLite, not this
// CLI's, damaged, from a newer agents: each a LogFileError naming the file and how to move it
// aside), its folder 0700 and file 0600, WAL with a busy timeout, migrated to the newest schema.
import { closeSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { CliError } from '../errors.js';
import { privatePathProblem } from '../io/private-path.js';
import { APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION } from './schema.js';
import type { Sqlite } from './sqlite.js';

/** How long a write waits for another process's: past it the record is dropped (record.ts). */
const BUSY_TIMEOUT_MS = 250;

/** The run log cannot be used: `agents logs` says so (exit 2); other commands warn once and go on. */
export class LogFileError extends CliError {
  constructor(
    readonly path: string,
    problem: string,
    /** false when moving the file aside would not help (its folder or a side file is the problem). */
    moveAside = true,
  ) {
    // One line: what is wrong, and the command that moves the file aside (the next run starts a new log).
    super(
      'usage',
      moveAside
        ? `the run log ${path} ${problem}: move it aside to start a new one: mv ${shellWord(path)} ${shellWord(`${path}.old`)}`
        : `the run log ${path} ${problem}`,
    );
    this.name = 'LogFileError';
  }
}

/** A path as one shell word. */
const shellWord = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

const SQLITE_HEADER = 'SQLite format 3\0';

export function openLogDb(sqlite: Sqlite, path: string): DatabaseSync {
  checkFile(path);
  let db: DatabaseSync;
  try {
    db = new sqlite.DatabaseSync(path, { timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    throw new LogFileError(path, `cannot be opened: ${sqliteReason(error)}`);
  }
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON;');
    migrate(db, path);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof CliError) throw error;
    if (isBusy(error)) throw error; // the caller drops the record
    throw new LogFileError(path, `is damaged (${sqliteReason(error)})`);
  }
}

/**
 * Before SQLite sees it: the folder, the file and SQLite's side files (-wal, -shm) the user's
 * alone (a planted 0666 -wal would receive every answer), SQLite's header when not empty.
 */
function checkFile(path: string): void {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const folderProblem = privatePathProblem(folder, 'folder');
  if (folderProblem) throw new LogFileError(path, `is in a folder that ${folderProblem}`, false);
  for (const side of [`${path}-wal`, `${path}-shm`]) {
    const problem = privatePathProblem(side, 'file');
    if (problem) throw new LogFileError(path, `has a side file ${side} that ${problem}`, false);
  }
  const problem = privatePathProblem(path, 'file');
  if (problem) throw new LogFileError(path, problem);
  let stats;
  try {
    stats = statSync(path);
  } catch {
    // Made now, private from its first byte (SQLite would make it with the umask's mode).
    try {
      closeSync(openSync(path, 'wx', 0o600));
      return;
    } catch (error) {
      // Another agents made it this moment (20 invokes at once on a new log): check theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      stats = statSync(path);
    }
  }
  if (stats.size === 0) return;
  const head = Buffer.alloc(16);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') !== SQLITE_HEADER) throw new LogFileError(path, 'is not a SQLite database');
}

function migrate(db: DatabaseSync, path: string): void {
  const versionOf = () => Number(db.prepare('PRAGMA user_version').get()!.user_version);
  // One statement, so one snapshot: read one by one, another process's migration could commit in
  // between, and a log it had just made read as a database of something else (20 invokes at once).
  const found = db
    .prepare(
      'SELECT (SELECT application_id FROM pragma_application_id) AS application, ' +
        '(SELECT user_version FROM pragma_user_version) AS version, (SELECT count(*) FROM sqlite_master) AS tables',
    )
    .get()!;
  if (Number(found.application) !== APPLICATION_ID && (Number(found.tables) > 0 || Number(found.version) !== 0))
    throw new LogFileError(path, 'is a SQLite database of something else, not an agents run log');
  if (versionOf() > SCHEMA_VERSION)
    throw new LogFileError(
      path,
      `was written by a newer agents (schema ${versionOf()}; this one knows ${SCHEMA_VERSION})`,
    );
  while (versionOf() < SCHEMA_VERSION) {
    // Another process may be migrating too: the version is read again once the write lock is held.
    db.exec('BEGIN IMMEDIATE');
    try {
      const version = versionOf();
      if (version < SCHEMA_VERSION) {
        db.exec(MIGRATIONS[version]!);
        db.exec(`PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${version + 1}`);
      }
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}

export function isBusy(error: unknown): boolean {
  return /SQLITE_BUSY|database is locked|database is busy/i.test(sqliteReason(error));
}

export function sqliteReason(error: unknown): string {
  const { message, errstr } = error as { message?: string; errstr?: string };
  return (errstr && !message?.includes(errstr) ? `${message}: ${errstr}` : message) ?? String(error);
}
