// Reading the run log: runs by filter, by id prefix, by full-text match; statistics; forgetting.
// Every query is bounded (a limit, an index) so a log of 100,000 runs answers in milliseconds.
import type { DatabaseSync } from 'node:sqlite';
import { CliError } from '../errors.js';

export interface RunFilter {
  agent?: string;
  session?: string;
  since?: number;
  until?: number;
  failed?: boolean;
}

/** A run as --json gives it (docs/json/logs.schema.json). */
export interface LoggedRun {
  id: string;
  startedAt: string;
  command: string;
  profile: string | null;
  baseUrl: string | null;
  agentId: string | null;
  agentName: string | null;
  sessionId: string | null;
  input: string;
  answer: string;
  answerCut: boolean;
  toolCalls: unknown[] | null;
  outputSchema: string | null;
  value: unknown;
  error: { kind: string; message: string } | null;
  exitCode: number;
  ttftMs: number | null;
  totalMs: number | null;
  chars: number | null;
  evalRun: string | null;
  evalCase: string | null;
}

type Row = Record<string, unknown>;

const COLUMNS = `id, started_at, command, profile, base_url, agent_id, agent_name, session_id, input, answer, answer_cut,
  tool_calls, output_schema, value, error_kind, error_message, exit_code, ttft_ms, total_ms, chars, eval_run, eval_case`;

const parsed = (text: unknown) => (typeof text === 'string' ? (JSON.parse(text) as unknown) : null);
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
/** A column's text: SQLite gives text as a string, numbers as numbers; anything else is none. */
const str = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : null;
const textOf = (value: unknown): string => str(value) ?? '';

function runOf(row: Row): LoggedRun {
  return {
    id: textOf(row.id),
    startedAt: new Date(Number(row.started_at)).toISOString(),
    command: textOf(row.command),
    profile: str(row.profile),
    baseUrl: str(row.base_url),
    agentId: str(row.agent_id),
    agentName: str(row.agent_name),
    sessionId: str(row.session_id),
    input: textOf(row.input),
    answer: textOf(row.answer),
    answerCut: Number(row.answer_cut) === 1,
    toolCalls: parsed(row.tool_calls) as unknown[] | null,
    outputSchema: str(row.output_schema),
    value: parsed(row.value),
    error: row.error_kind ? { kind: textOf(row.error_kind), message: textOf(row.error_message) } : null,
    exitCode: Number(row.exit_code),
    ttftMs: num(row.ttft_ms),
    totalMs: num(row.total_ms),
    chars: num(row.chars),
    evalRun: str(row.eval_run),
    evalCase: str(row.eval_case),
  };
}

/** The WHERE clause of a filter (`r.` the runs table), and its parameters. */
function where(filter: RunFilter): { sql: string; params: Array<string | number> } {
  const parts: string[] = [];
  const params: Array<string | number> = [];
  if (filter.agent !== undefined) {
    parts.push("(r.agent_id = ? OR r.agent_id LIKE ? ESCAPE '\\' OR lower(r.agent_name) = lower(?))");
    params.push(filter.agent, `${likePrefix(filter.agent)}%`, filter.agent);
  }
  if (filter.session !== undefined) {
    parts.push('r.session_id = ?');
    params.push(filter.session);
  }
  if (filter.since !== undefined) {
    parts.push('r.started_at >= ?');
    params.push(filter.since);
  }
  if (filter.until !== undefined) {
    parts.push('r.started_at < ?');
    params.push(filter.until);
  }
  if (filter.failed) parts.push('r.exit_code <> 0');
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

const likePrefix = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The latest runs first. */
export function latestRuns(db: DatabaseSync, filter: RunFilter, limit: number): LoggedRun[] {
  const { sql, params } = where(filter);
  return db
    .prepare(`SELECT ${COLUMNS} FROM runs r ${sql} ORDER BY r.n DESC LIMIT ?`)
    .all(...params, limit)
    .map(runOf);
}

/** The run whose id starts with `prefix`: exit 5 when none does, 2 when several do. */
export function runByPrefix(db: DatabaseSync, prefix: string): LoggedRun {
  const rows = db
    .prepare(`SELECT ${COLUMNS} FROM runs WHERE id >= ? AND id < ? ORDER BY id LIMIT 6`)
    .all(prefix, `${prefix}\uffff`);
  if (rows.length === 0)
    throw new CliError('not-found', `no logged run has an id starting with ${JSON.stringify(prefix)}`, {
      hint: 'agents logs lists the latest runs and their ids.',
    });
  if (rows.length > 1)
    throw new CliError(
      'usage',
      `${rows.length === 6 ? 'more than 5' : rows.length} logged runs have ids starting with ${JSON.stringify(prefix)}`,
      {
        details: rows.slice(0, 5).map((row) => textOf(row.id)),
        hint: 'Give more of the id.',
      },
    );
  return runOf(rows[0]!);
}

/** The inputs of the runs before `run` in its session (invoke and chat), oldest first, at most `limit`. */
export function earlierInputs(db: DatabaseSync, run: LoggedRun, limit = 50): string[] {
  if (!run.sessionId || (run.command !== 'invoke' && run.command !== 'chat')) return [];
  return db
    .prepare(
      `SELECT input FROM (SELECT n, input FROM runs WHERE session_id = ? AND command IN ('invoke', 'chat')
         AND n < (SELECT n FROM runs WHERE id = ?) ORDER BY n DESC LIMIT ?) ORDER BY n`,
    )
    .all(run.sessionId, run.id, limit)
    .map((row) => textOf(row.input));
}

export interface SearchHit {
  run: LoggedRun;
  /** The matching part of the input and of the answer, the matches between \ue000 and \ue001. */
  inputSnippet: string;
  answerSnippet: string;
}

/** Runs whose input or answer holds every word of `text`, best match first. */
export function searchRuns(db: DatabaseSync, text: string, filter: RunFilter, limit: number): SearchHit[] {
  // The index holds words of letters, digits and _ (FTS5's unicode61): emoji and punctuation are
  // not in it, so a search of them alone is refused in words; `wea*` asks for words that start so.
  const words = text.match(/[\p{L}\p{N}_]+\*?/gu) ?? [];
  if (words.length === 0)
    throw new CliError('usage', `${JSON.stringify(text)} holds no word to search for`, {
      hint: 'The search matches words of letters and digits (not emoji or punctuation); end one with * to match its start: wea*.',
    });
  const query = words.map((word) => (word.endsWith('*') ? `"${word.slice(0, -1)}"*` : `"${word}"`)).join(' ');
  const { sql, params } = where(filter);
  const rows = db
    .prepare(
      `SELECT ${COLUMNS.replace(/(^|,\s*)(\w+)/g, '$1r.$2')},
         snippet(runs_text, 0, '\ue000', '\ue001', '…', 12) AS input_snippet,
         snippet(runs_text, 1, '\ue000', '\ue001', '…', 16) AS answer_snippet
       FROM runs_text JOIN runs r ON r.n = runs_text.rowid
       ${sql ? `${sql} AND` : 'WHERE'} runs_text MATCH ?
       ORDER BY runs_text.rank LIMIT ?`,
    )
    .all(...params, query, limit);
  return rows.map((row) => ({
    run: runOf(row),
    inputSnippet: textOf(row.input_snippet),
    answerSnippet: textOf(row.answer_snippet),
  }));
}

export interface AgentStats {
  agentId: string | null;
  agentName: string | null;
  runs: number;
  failed: number;
  /** Failures by error kind ("stream", "timeout", …). */
  failures: Record<string, number>;
  ttftMs: { p50: number | null; p95: number | null };
  totalMs: { p50: number | null; p95: number | null };
  chars: { p50: number | null; max: number | null };
}

/**
 * Per agent: runs, failures by kind, time to first token and total time at p50 and p95 (nearest
 * rank), answer size. Counted by SQLite from indexes that hold no text, and each percentile is one
 * step into an index in order: 100,000 runs never become 100,000 objects here.
 */
export function runStats(db: DatabaseSync, filter: RunFilter): AgentStats[] {
  const { sql, params } = where(filter);
  const agents = db
    .prepare(
      `SELECT r.agent_id AS agent, max(r.agent_name) AS name, count(*) AS runs FROM runs r ${sql}
       GROUP BY r.agent_id ORDER BY runs DESC`,
    )
    .all(...params);
  const failures = db
    .prepare(
      `SELECT r.agent_id AS agent, coalesce(r.error_kind, 'failed') AS kind, count(*) AS n
       FROM runs r ${sql ? `${sql} AND` : 'WHERE'} r.exit_code <> 0 GROUP BY r.agent_id, kind`,
    )
    .all(...params);
  const since = filter.since ?? -Infinity;
  const nth = (column: 'ttft_ms' | 'total_ms' | 'chars', agent: string | null, percent: number | 'max') => {
    const count = Number(
      db
        .prepare(`SELECT count(*) AS n FROM runs WHERE agent_id IS ? AND ${column} IS NOT NULL AND started_at >= ?`)
        .get(agent, since)!.n,
    );
    if (count === 0) return null;
    const offset = percent === 'max' ? count - 1 : Math.ceil((count * percent) / 100) - 1;
    const row = db
      .prepare(
        `SELECT ${column} AS value FROM runs WHERE agent_id IS ? AND ${column} IS NOT NULL AND started_at >= ?
         ORDER BY ${column} LIMIT 1 OFFSET ?`,
      )
      .get(agent, since, offset);
    return row ? Math.round(Number(row.value)) : null;
  };
  return agents.map((row) => {
    const agent = str(row.agent);
    const kinds = Object.fromEntries(
      failures.filter((each) => str(each.agent) === agent).map((each) => [textOf(each.kind), Number(each.n)]),
    );
    return {
      agentId: agent,
      agentName: str(row.name),
      runs: Number(row.runs),
      failed: Object.values(kinds).reduce((sum, n) => sum + n, 0),
      failures: kinds,
      ttftMs: { p50: nth('ttft_ms', agent, 50), p95: nth('ttft_ms', agent, 95) },
      totalMs: { p50: nth('total_ms', agent, 50), p95: nth('total_ms', agent, 95) },
      chars: { p50: nth('chars', agent, 50), max: nth('chars', agent, 'max') },
    };
  });
}

/** Deletes runs (their text leaves the file: secure_delete, FTS5's secure-delete, the WAL emptied). */
export function removeRuns(db: DatabaseSync, selection: { ids: string[] } | RunFilter): number {
  let removed = 0;
  db.exec('BEGIN IMMEDIATE');
  try {
    if ('ids' in selection) {
      const remove = db.prepare('DELETE FROM runs WHERE id = ?');
      for (const id of selection.ids) removed += Number(remove.run(id).changes);
    } else {
      const { sql, params } = where(selection);
      removed = Number(
        db.prepare(`DELETE FROM runs WHERE n IN (SELECT r.n FROM runs r ${sql})`).run(...params).changes,
      );
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  // The deleted pages' old copies live in the WAL until a checkpoint: copied back and emptied now.
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  return removed;
}

export function countRuns(db: DatabaseSync, filter: RunFilter = {}): number {
  const { sql, params } = where(filter);
  return Number(db.prepare(`SELECT count(*) AS n FROM runs r ${sql}`).get(...params)!.n);
}
