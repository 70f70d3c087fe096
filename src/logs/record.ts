// Recording runs: every invoke, chat turn, eval case and mcp serve call, written after its answer
// is shown. It never delays or fails the command: another process's write is waited for at most
// 250 ms, then the record is dropped with one warning line; a log that cannot be used costs one
// warning line a run, and recording stops for that run. Secrets are hidden before they are written.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { scrubSecrets } from '../secrets/known.js';
import { redactSecrets } from '../secrets/redact.js';
import { loadSqlite } from './sqlite.js';
import { isBusy, LogFileError, openLogDb, sqliteReason } from './store.js';

/**
 * Characters of an answer kept: the rest is cut, and the run says so. 256 Ki: indexing and scrubbing
 * a megabyte would cost a long answer tens of ms after its end.
 */
export const MAX_LOGGED_CHARS = 256 * 1024;

/** recordSoon() writes at most this many runs in one transaction, */
const BATCH_SIZE = 100;
/** and writes a batch no later than this after its first run (ms). */
const BATCH_WAIT_MS = 200;

export interface RunRecord {
  command: 'invoke' | 'chat' | 'eval' | 'mcp' | 'replay';
  agentId: string | undefined;
  agentName?: string;
  sessionId?: string;
  input: string;
  answer: string;
  /** The whole answer's length, when `answer` is only its start. */
  answerChars?: number;
  toolCalls?: unknown[];
  /** The schema's text, as sent. */
  outputSchema?: string;
  value?: unknown;
  error?: { kind: string; message: string };
  exitCode: number;
  ttftMs?: number | null;
  totalMs?: number | null;
  evalRun?: string;
  evalCase?: string;
}

export interface LogPlace {
  path: string;
  profile: string;
  baseUrl: string | undefined;
  maxRuns?: number;
  maxDays?: number;
}

/**
 * A run's id: its time, then randomness; sorts by time, and a prefix picks it out. Not a secret,
 * so Math.random: node:crypto would load with every command (this module loads with the context).
 */
export function newRunId(now = Date.now()): string {
  const random = Math.floor(Math.random() * 2 ** 32);
  return `${now.toString(36).padStart(9, '0')}${random.toString(16).padStart(8, '0')}`;
}

export class RunLog {
  private db: DatabaseSync | undefined;
  private insert: StatementSync | undefined;
  private broken = false;
  private openFailure: Error | undefined;
  private readonly queued: RunRecord[] = [];
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly place: LogPlace,
    private readonly warn: (message: string) => void,
  ) {}

  /**
   * Opens the log while the process waits for the service, when the first piece of the answer is
   * slow to come (past `afterMs`): the answer's end then only writes. Not mid-stream, where opening
   * it costs a fast stream more than the open itself. Returns what the first piece calls to cancel.
   * A failure is kept for record() to say, at the end, as it would have.
   */
  warmUnlessAnswered(afterMs = 25): () => void {
    const timer = setTimeout(() => {
      try {
        this.open();
      } catch (error) {
        this.openFailure = error instanceof Error ? error : new Error(String(error));
      }
    }, afterMs);
    timer.unref();
    return () => clearTimeout(timer);
  }

  /** Writes the run; returns its id, or undefined when it was not written (said on stderr once). */
  record(run: RunRecord): string | undefined {
    return this.write([run])[0];
  }

  /**
   * Queues the run, written with the others in one transaction: a batch of BATCH_SIZE, or what
   * came within BATCH_WAIT_MS, or what is left at close(). eval records a case as each answer
   * ends; one commit per case cost its 1,000 cases 0.7 s in the answers' way.
   */
  recordSoon(run: RunRecord): void {
    if (this.broken) return;
    this.queued.push(run);
    if (this.queued.length >= BATCH_SIZE) this.flush();
    else this.flushTimer ??= setTimeout(() => this.flush(), BATCH_WAIT_MS).unref();
  }

  /** Writes what recordSoon() queued. */
  flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const runs = this.queued.splice(0);
    if (runs.length > 0) this.write(runs);
  }

  /** The runs in one transaction, then the pruning; their ids, none when they were not written. */
  private write(runs: RunRecord[]): (string | undefined)[] {
    if (this.broken) return [];
    try {
      if (this.openFailure !== undefined) throw this.openFailure;
      const db = this.open();
      if (!db) return [];
      db.exec('BEGIN IMMEDIATE');
      try {
        const ids = runs.map((run) => this.insertRun(run));
        this.prune(db);
        db.exec('COMMIT');
        return ids;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    } catch (error) {
      if (isBusy(error)) {
        const what = runs.length === 1 ? 'this run was' : `${runs.length} runs were`;
        this.warn(`the run log ${this.place.path} is busy (another agents is writing to it): ${what} not logged`);
        return [];
      }
      this.broken = true;
      const reason =
        error instanceof LogFileError ? error.message : `the run log ${this.place.path} failed: ${sqliteReason(error)}`;
      this.warn(`runs are not logged: ${reason}`);
      return [];
    }
  }

  private insertRun(run: RunRecord): string {
    const id = newRunId();
    const json = (value: unknown) => (value === undefined ? null : scrubSecrets(JSON.stringify(value)));
    const answer = run.answer.length > MAX_LOGGED_CHARS ? run.answer.slice(0, MAX_LOGGED_CHARS) : run.answer;
    const chars = Math.max(run.answerChars ?? 0, run.answer.length);
    this.insert!.run(
      id,
      Date.now(),
      run.command,
      this.place.profile,
      this.place.baseUrl ?? null,
      run.agentId ?? null,
      run.agentName ?? null,
      run.sessionId ?? null,
      scrubSecrets(run.input),
      scrubSecrets(answer),
      answer.length < chars ? 1 : 0,
      // A tool call's arguments are settings like a tool's: an Authorization or a URL's password is hidden.
      run.toolCalls && run.toolCalls.length > 0 ? json(redactSecrets(run.toolCalls)) : null,
      run.outputSchema === undefined ? null : scrubSecrets(run.outputSchema),
      json(run.value),
      run.error?.kind ?? null,
      run.error ? scrubSecrets(run.error.message) : null,
      run.exitCode,
      run.ttftMs ?? null,
      run.totalMs ?? null,
      chars,
      run.evalRun ?? null,
      run.evalCase ?? null,
    );
    return id;
  }

  close(): void {
    this.flush();
    this.db?.close();
    this.db = undefined;
  }

  private open(): DatabaseSync | undefined {
    if (this.db) return this.db;
    const sqlite = loadSqlite();
    if (!sqlite) {
      this.broken = true; // this Node has no node:sqlite: recording is off, silently
      return undefined;
    }
    this.db = openLogDb(sqlite, this.place.path);
    this.insert = this.db.prepare(
      `INSERT INTO runs (id, started_at, command, profile, base_url, agent_id, agent_name, session_id, input, answer,
         answer_cut, tool_calls, output_schema, value, error_kind, error_message, exit_code, ttft_ms, total_ms, chars,
         eval_run, eval_case) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    return this.db;
  }

  /** logs.max-runs and logs.max-days, applied as each run is written. */
  private prune(db: DatabaseSync): void {
    const { maxRuns, maxDays } = this.place;
    if (maxDays !== undefined)
      db.prepare('DELETE FROM runs WHERE started_at < ?').run(Date.now() - maxDays * 86_400_000);
    if (maxRuns !== undefined)
      db.prepare('DELETE FROM runs WHERE n IN (SELECT n FROM runs ORDER BY n DESC LIMIT -1 OFFSET ?)').run(maxRuns);
  }
}
