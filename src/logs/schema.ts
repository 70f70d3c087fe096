// The run log's schema, version by version: a database is brought from its version to the
// newest, in order, each step in one transaction. A database from a newer agents is refused, never
// changed. The application id marks a file as this CLI's run log.
export const APPLICATION_ID = 0x41474e54; // "AGNT"

export const MIGRATIONS: readonly string[] = [
  // 1: runs, their full-text index over input and answer (external content: deleting a run deletes
  // its entries; secure-delete removes them from the index's pages too), and the settings.
  `CREATE TABLE runs (
     n INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     started_at INTEGER NOT NULL,
     command TEXT NOT NULL,
     profile TEXT,
     base_url TEXT,
     agent_id TEXT,
     agent_name TEXT,
     session_id TEXT,
     input TEXT NOT NULL,
     answer TEXT NOT NULL,
     answer_cut INTEGER NOT NULL DEFAULT 0,
     tool_calls TEXT,
     output_schema TEXT,
     value TEXT,
     error_kind TEXT,
     error_message TEXT,
     exit_code INTEGER NOT NULL,
     ttft_ms REAL,
     total_ms REAL,
     chars INTEGER,
     eval_run TEXT,
     eval_case TEXT
   );
   CREATE INDEX runs_started ON runs(started_at);
   CREATE INDEX runs_agent ON runs(agent_id, n);
   CREATE INDEX runs_session ON runs(session_id);
   -- What agents logs stats reads, never the runs' text: counts per agent and kind from the first,
   -- each percentile as one step into the others (the nth value of an agent, in order).
   CREATE INDEX runs_figures ON runs(agent_id, exit_code, error_kind, started_at, agent_name);
   CREATE INDEX runs_ttft ON runs(agent_id, ttft_ms, started_at);
   CREATE INDEX runs_total ON runs(agent_id, total_ms, started_at);
   CREATE INDEX runs_chars ON runs(agent_id, chars, started_at);
   CREATE VIRTUAL TABLE runs_text USING fts5(input, answer, content='runs', content_rowid='n');
   INSERT INTO runs_text(runs_text, rank) VALUES ('secure-delete', 1);
   CREATE TRIGGER runs_text_add AFTER INSERT ON runs BEGIN
     INSERT INTO runs_text(rowid, input, answer) VALUES (new.n, new.input, new.answer);
   END;
   CREATE TRIGGER runs_text_remove AFTER DELETE ON runs BEGIN
     INSERT INTO runs_text(runs_text, rowid, input, answer) VALUES ('delete', old.n, old.input, old.answer);
   END;`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
