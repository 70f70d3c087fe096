// The run log's costs (budgets: README, Performance), on the Node running this script (22.13+):
// an invoke that logs against one with --no-log (medians of interleaved runs, the emulator
// answering at once), then `agents logs`, `agents logs search` and `agents logs stats` over a
// log of 100,000 runs (wall time of the whole command, median), and that log's size on disk.
// Prints one JSON object; {"skipped": why} on a Node without node:sqlite.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, startBenchEmulator } from './emulator.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  console.log(JSON.stringify({ skipped: `Node ${process.versions.node} has no node:sqlite without a flag` }));
  process.exit(0);
}
const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const LOGGED = 100_000;
const work = mkdtempSync(join(tmpdir(), 'agents-bench-logs-'));
const emulator = await startBenchEmulator(work);
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const timed = (env, args) => {
  const started = performance.now();
  const result = spawnSync(process.execPath, [bin, ...args], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`agents ${args.join(' ')}: ${result.stderr}`);
  return performance.now() - started;
};
try {
  const { env, baseUrl } = emulator;
  const created = spawnSync(
    process.execPath,
    [bin, 'create', '-q', '--name', 'Bench', '--description', 'd', '--llm-model', 'GPT_4'],
    { env, encoding: 'utf8' },
  );
  const agent = created.stdout.trim();
  const invoke = ['invoke', agent, 'What is the refund policy for gift cards?'];

  // invoke, logged and not, interleaved so both meet the same machine.
  const logged = [];
  const unlogged = [];
  timed(env, invoke); // the log made, warm caches
  for (let i = 0; i < RUNS; i++) {
    logged.push(timed(env, invoke));
    unlogged.push(timed(env, [...invoke, '--no-log']));
  }

  // 100,000 runs, written as the CLI writes them (its schema, made by the invokes above).
  const path = join(work, 'config', 'logs.db');
  const db = new DatabaseSync(path);
  const words = [
    'refund',
    'policy',
    'weather',
    'forecast',
    'invoice',
    'shipping',
    'password',
    'account',
    'order',
    'delivery',
    'Paris',
    'Lyon',
    'rain',
    'sunny',
    'agent',
    'handbook',
    'support',
    'travel',
    'price',
    'discount',
  ];
  const sentence = (i, n) =>
    Array.from({ length: n }, (_, k) => words[(i * 7 + k * 13 + (i >> k)) % words.length]).join(' ');
  const insert = db.prepare(
    `INSERT INTO runs (id, started_at, command, profile, base_url, agent_id, agent_name, session_id, input, answer,
       exit_code, error_kind, ttft_ms, total_ms, chars) VALUES (?, ?, 'invoke', 'default', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  db.exec('BEGIN');
  for (let i = 0; i < LOGGED; i++) {
    const answer = `${sentence(i, 40)}. ${sentence(i + 1, 30)}.`;
    const failed = i % 37 === 0;
    insert.run(
      `${(now - (LOGGED - i) * 1000).toString(36).padStart(9, '0')}${i.toString(16).padStart(8, '0')}`,
      now - (LOGGED - i) * 1000,
      baseUrl,
      `agent-${i % 12}`,
      `Agent ${i % 12}`,
      `session-${i >> 2}`,
      sentence(i, 12),
      answer,
      failed ? 1 : 0,
      failed ? 'stream' : null,
      50 + (i % 400),
      400 + (i % 3000),
      answer.length,
    );
  }
  db.exec('COMMIT');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  const read = (args) => {
    timed(env, args);
    return median(Array.from({ length: RUNS }, () => timed(env, args)));
  };
  console.log(
    JSON.stringify({
      node: process.version,
      invokeLoggedMs: median(logged),
      invokeUnloggedMs: median(unlogged),
      invokeRatio: median(logged) / median(unlogged),
      runs: LOGGED,
      logsMs: read(['logs']),
      searchMs: read(['logs', 'search', 'gift', 'refund']),
      statsMs: read(['logs', 'stats']),
      nodeStartMs: median(Array.from({ length: RUNS }, () => timed(env, ['--version']))),
      dbMiB: statSync(path).size / 1024 / 1024,
    }),
  );
} finally {
  emulator.stop();
  if (!process.env.BENCH_KEEP) rmSync(work, { recursive: true, force: true });
  else console.error(work);
}
