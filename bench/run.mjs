#!/usr/bin/env node
// `npm run bench`: start-up, streaming and memory of the built CLI, each as a ratio to a
// baseline measured in the same run (design §9). Public tools only: Node's own timing
// around spawned processes; GNU time for peak memory when it is installed.
// Options: --json (machine-readable), --quick (fewer runs, smaller streams).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'agents.js');
const asJson = process.argv.includes('--json');
const quick = process.argv.includes('--quick');
const RUNS = quick ? 5 : 15;
const log = (line) => !asJson && console.error(line);

if (!existsSync(join(root, 'dist', 'main.js'))) execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median wall time of a command in ms, after two warm-up runs. */
function time(args, env = process.env, runs = RUNS) {
  const samples = [];
  for (let i = 0; i < runs + 2; i++) {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
    if (i >= 2) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

async function startChild(args, env = process.env) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'], env });
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) return { child, line };
  throw new Error(`${args.join(' ')} printed nothing`);
}

const results = { machine: `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`, startup: [], streaming: {}, memory: {} };

// ── Start-up ──────────────────────────────────────────────────────────────────────────
log('start-up…');
const baseline = time(['-e', '0']);
results.startup.push({ case: 'node -e 0', ms: baseline, ratio: 1 });
const emulator = await startChild([bin, 'emulator', '--port', '0', '--json']);
try {
  const { baseUrl, token } = JSON.parse(emulator.line);
  const env = { ...process.env, AGENTS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'agents-bench-')), AGENTS_BASE_URL: baseUrl, AGENTS_TOKEN: token };
  const cases = [
    ['agents --version', [bin, '--version'], 1.3],
    ['agents --help', [bin, '--help'], 1.3],
    ['agents completion bash', [bin, 'completion', 'bash'], undefined],
    ['agents create … -q', [bin, 'create', '-q', '--name', 'bench', '--description', 'bench', '--llm-model', 'GPT_4'], 1.6],
  ];
  for (const [name, args, budget] of cases) {
    const probe = spawnSync(process.execPath, args, { env, stdio: 'ignore' });
    if (probe.status !== 0) {
      results.startup.push({ case: name, skipped: 'command not available in this build' });
      continue;
    }
    const ms = time(args, env);
    results.startup.push({ case: name, ms, ratio: ms / baseline, budget });
  }
} finally {
  emulator.child.kill();
}

// ── Streaming throughput and added latency ─────────────────────────────────────────
log('streaming…');
const count = quick ? 50_000 : 200_000;
const server = await startChild([join(root, 'bench', 'stream-server.mjs')], { ...process.env, BENCH_COUNT: String(count), BENCH_SIZE: '5' });
try {
  const base = `http://127.0.0.1:${server.line}`;
  const env = { ...process.env, AGENTS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'agents-bench-')), AGENTS_BASE_URL: base, AGENTS_TOKEN: 'bench-token' };
  const bare = time([join(root, 'bench', 'bare-consumer.mjs'), `${base}/api/v1/agents/bench/invoke`], env, quick ? 3 : 5);
  const cli = time([bin, 'invoke', 'bench', 'go', '--no-session'], env, quick ? 3 : 5);
  results.streaming = {
    events: count,
    bareUndiciMs: bare,
    cliMs: cli,
    ratio: cli / bare,
    eventsPerSecond: Math.round(count / (cli / 1000)),
    addedMsPerEvent: (cli - bare) / count,
  };
} finally {
  server.child.kill();
}

// ── Peak memory for a 50 MB answer ──────────────────────────────────────────────────
log('memory…');
const gnuTime = ['/usr/bin/time', '/bin/time'].find((path) => existsSync(path));
if (gnuTime) {
  const answerEvents = quick ? 10_000 : 51_200; // of 1 KiB each: 50 MiB
  const { child: bigServer, line: port } = await startChild([join(root, 'bench', 'stream-server.mjs')], {
    ...process.env,
    BENCH_COUNT: String(answerEvents),
    BENCH_SIZE: '1024',
  });
  try {
    const env = { ...process.env, AGENTS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'agents-bench-')), AGENTS_BASE_URL: `http://127.0.0.1:${port}`, AGENTS_TOKEN: 'bench-token' };
    const measured = spawnSync(gnuTime, ['-f', '%M', process.execPath, bin, 'invoke', 'bench', 'go', '--no-session'], { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    const kib = Number(measured.stderr.trim().split('\n').at(-1));
    results.memory = { answerMiB: (answerEvents * 1024) / 2 ** 20, peakRssMiB: kib / 1024, budgetMiB: 80 };
  } finally {
    bigServer.kill();
  }
} else {
  results.memory = { skipped: 'GNU time is not installed (apt-get install time)' };
}

// ── apply of 500 agents against 500 sequential `agents create` processes ──────────────
log('apply…');
{
  const emulatorForApply = await startChild([bin, 'emulator', '--port', '0', '--json']);
  try {
    const { baseUrl, token } = JSON.parse(emulatorForApply.line);
    const env = { ...process.env, AGENTS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'agents-bench-')), AGENTS_BASE_URL: baseUrl, AGENTS_TOKEN: token };
    const total = 500;
    const file = join(mkdtempSync(join(tmpdir(), 'agents-bench-')), 'agents.json');
    writeFileSync(file, JSON.stringify({ agents: Array.from({ length: total }, (_v, i) => ({ name: `apply-${i}`, description: 'bench', llmModel: 'GPT_4' })) }));
    let start = process.hrtime.bigint();
    const applied = spawnSync(process.execPath, [bin, 'apply', '-f', file, '-q'], { env, stdio: 'ignore' });
    if (applied.status !== 0) throw new Error('apply failed');
    const applyMs = Number(process.hrtime.bigint() - start) / 1e6;
    // 500 sequential processes take minutes; time a sample and scale it (said in the output).
    const sample = quick ? 10 : 50;
    start = process.hrtime.bigint();
    for (let i = 0; i < sample; i++) {
      const created = spawnSync(process.execPath, [bin, 'create', '-q', '--name', `seq-${i}`, '--description', 'bench', '--llm-model', 'GPT_4'], { env, stdio: 'ignore' });
      if (created.status !== 0) throw new Error('create failed');
    }
    const sequentialMs = ((Number(process.hrtime.bigint() - start) / 1e6) * total) / sample;
    results.apply = { agents: total, applyMs, sequentialCreatesMs: sequentialMs, sampledCreates: sample, speedup: sequentialMs / applyMs, budget: 20 };
  } finally {
    emulatorForApply.child.kill();
  }
}

// ── What the config/state lock costs each write ─────────────────────────────────────
log('lock…');
{
  const measured = spawnSync(process.execPath, [join(root, 'bench', 'lock-cost.mjs')], {
    env: { ...process.env, BENCH_RUNS: quick ? '100' : '300' },
    encoding: 'utf8',
  });
  if (measured.status !== 0) throw new Error(`lock bench failed: ${measured.stderr}`);
  const createMs = results.startup.find((r) => r.case === 'agents create … -q')?.ms;
  results.lock = { ...JSON.parse(measured.stdout), createMs, budgetMs: 5 };
}

// ── Report ──────────────────────────────────────────────────────────────────────────
if (asJson) {
  console.log(JSON.stringify(results, null, 2));
} else {
  const fmt = (n, d = 1) => (n === undefined ? '' : n.toFixed(d));
  console.log(`\nMachine: ${results.machine}\n`);
  console.log('| start-up | median ms | × node -e 0 | budget |\n|---|---|---|---|');
  for (const r of results.startup) {
    console.log(r.skipped ? `| ${r.case} | skipped: ${r.skipped} | | |` : `| ${r.case} | ${fmt(r.ms)} | ${fmt(r.ratio, 2)} | ${r.budget ? `≤ ${r.budget}` : ''} |`);
  }
  const s = results.streaming;
  console.log(`\n| streaming ${s.events} events | ms | events/s | added ms/event | × bare undici | budget |\n|---|---|---|---|---|---|`);
  console.log(`| bare undici consumer | ${fmt(s.bareUndiciMs)} | ${Math.round(s.events / (s.bareUndiciMs / 1000))} | | 1.00 | |`);
  console.log(`| agents invoke | ${fmt(s.cliMs)} | ${s.eventsPerSecond} | ${fmt(s.addedMsPerEvent, 4)} | ${fmt(s.ratio, 2)} | ≤ 1.2, < 1 ms/event, ≥ 50k events/s |`);
  const m = results.memory;
  const a = results.apply;
  console.log(`\n| ${a.agents} agents | ms | speed-up | budget |\n|---|---|---|---|`);
  console.log(`| ${a.agents} sequential \`agents create\` (${a.sampledCreates} timed, scaled) | ${fmt(a.sequentialCreatesMs, 0)} | 1.0 | |`);
  console.log(`| \`agents apply\` (concurrency 4) | ${fmt(a.applyMs, 0)} | ${fmt(a.speedup, 1)}x | ≥ ${a.budget}x |`);
  const l = results.lock;
  console.log(`\n| lock of config.json/state.json (uncontended) | median ms | share of one \`create -q\` | budget |\n|---|---|---|---|`);
  console.log(`| take and release the lock | ${fmt(l.lockMs, 3)} | ${fmt((100 * l.lockMs) / l.createMs, 2)} % | < ${l.budgetMs} ms |`);
  console.log(`| a whole state.json update with it (read, write, fsync, rename) | ${fmt(l.stateWriteMs, 3)} | ${fmt((100 * l.stateWriteMs) / l.createMs, 2)} % | |`);
  console.log(m.skipped ? `\nmemory: ${m.skipped}` : `\n| memory | answer | peak RSS | budget |\n|---|---|---|---|\n| agents invoke (streaming) | ${fmt(m.answerMiB, 0)} MiB | ${fmt(m.peakRssMiB)} MiB | < ${m.budgetMiB} MiB |`);
}
