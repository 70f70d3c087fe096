#!/usr/bin/env node
// `npm run bench`: start-up, streaming, memory, apply and packaging of the built CLI, each as a
// ratio to a baseline measured in the same run, on this machine's Node and on the
// current LTS (scripts/node-lts.mjs). Public tools only: Node's own timing around spawned
// processes; GNU time for peak memory when it is installed.
// Options: --json (machine-readable), --quick (fewer runs, smaller streams), --startup (the
// start-up rows and the padding run only), --node PATH (one Node only; the harness itself runs on
// the Node that started it). Without --node: this machine's Node (20 here), Node 22 and the LTS.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { paddedCopy } from './padding.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'agents.js');
const argv = process.argv.slice(2);
const asJson = argv.includes('--json');
const quick = argv.includes('--quick');
const startupOnly = argv.includes('--startup');
const RUNS = quick ? 5 : 15;
const log = (line) => !asJson && console.error(line);
const gnuTime = ['/usr/bin/time', '/bin/time'].find((path) => existsSync(path));

// Every temporary folder of the run (its own, the helper scripts', the CLI's) lives under one root,
// removed when the run ends: tmpdir() reads TMPDIR, and the processes started inherit it.
const tempRoot = mkdtempSync(join(tmpdir(), 'agents-bench-run-'));
process.env.TMPDIR = tempRoot;
process.on('exit', () => rmSync(tempRoot, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

if (!existsSync(join(root, 'dist', 'main.js')))
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });

const nodeFlag = argv.indexOf('--node');
const nodes =
  nodeFlag !== -1
    ? [argv[nodeFlag + 1]]
    : [
        process.execPath,
        ...[['22'], []].map((line) =>
          execFileSync(process.execPath, [join(root, 'scripts', 'node-lts.mjs'), ...line], { encoding: 'utf8' }).trim(),
        ),
      ];

/** A full id: invoke takes it as is. A made-up name like "bench" would be looked up in the agents'
 * list first, and this server answers every request with the stream. */
const BENCH_AGENT = '00000000-0000-4000-8000-00000000be0c';

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function startServer(args, env = process.env) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'], env });
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) return { child, line };
  throw new Error(`${args.join(' ')} printed nothing`);
}

/** The bare scripts, bundled and minified as the CLI is bundled. */
async function bundleBareScripts() {
  const out = mkdtempSync(join(tmpdir(), 'agents-bench-bare-'));
  const banner = { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" };
  for (const name of ['bare-post', 'bare-post-index', 'deps-post']) {
    await build({
      entryPoints: [join(root, 'bench', `${name}.mjs`)],
      outfile: join(out, `${name}.mjs`),
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'esm',
      banner,
      logLevel: 'error',
    });
  }
  return {
    floor: join(out, 'bare-post.mjs'),
    index: join(out, 'bare-post-index.mjs'),
    deps: join(out, 'deps-post.mjs'),
  };
}

async function benchOneNode(node, bare) {
  /** Median wall time of a command in ms, after two warm-up runs. */
  const time = (args, env = process.env, runs = RUNS) => {
    const samples = [];
    for (let i = 0; i < runs + 2; i++) {
      const start = process.hrtime.bigint();
      const result = spawnSync(node, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
      if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
      if (i >= 2) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    return median(samples);
  };
  /** One run's wall time in ms. */
  const once = (args, env) => {
    const start = process.hrtime.bigint();
    const result = spawnSync(node, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  /** Each command's median over RUNS rounds that run every command once, after one warm-up round. */
  const interleaved = (commands, env) => {
    const samples = commands.map(() => []);
    for (let round = 0; round <= RUNS; round++)
      for (const [index, args] of commands.entries()) {
        const ms = once(args, env);
        if (round > 0) samples[index].push(ms);
      }
    return samples.map(median);
  };
  /** One run's peak RSS in MiB (GNU time). */
  const oneRss = (args, env) => {
    const measured = spawnSync(gnuTime, ['-f', '%M', node, ...args], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    return Number(measured.stderr.trim().split('\n').at(-1)) / 1024;
  };
  /** Median peak RSS in MiB of five runs, or undefined without GNU time. */
  const peakRss = (args, env) => (gnuTime ? median(Array.from({ length: 5 }, () => oneRss(args, env))) : undefined);
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const results = { node: version, startup: [], streaming: {}, memory: {} };
  const tempConfig = () => mkdtempSync(join(tmpdir(), 'agents-bench-'));

  // ── Start-up ───────────────────────────────────────────────────────────────────────
  log(`${version}: start-up…`);
  const baseline = time(['-e', '0']);
  results.startup.push({ case: 'node -e 0', ms: baseline, ratio: 1, rssMiB: peakRss(['-e', '0']) });
  const emulator = await startServer([bin, 'emulator', '--port', '0', '--json', '--token-delay', '0']);
  try {
    const { baseUrl, token } = JSON.parse(emulator.line);
    const env = { ...process.env, AGENTS_CONFIG_DIR: tempConfig(), AGENTS_BASE_URL: baseUrl, AGENTS_TOKEN: token };
    const create = [bin, 'create', '-q', '--name', 'bench', '--description', 'bench', '--llm-model', 'GPT_4'];
    const agentId = execFileSync(node, create, { env, encoding: 'utf8' }).trim();
    const cases = [
      ['agents --version', [bin, '--version'], '≤ 1.1x node -e 0'],
      ['agents --help', [bin, '--help'], '≤ 1.1x node -e 0'],
      ['agents completion bash', [bin, 'completion', 'bash'], '≤ 1.3x node -e 0'],
      ['agents __complete agents', [bin, '__complete', 'agents'], '≤ 1.3x node -e 0'],
      ['bare undici.request POST (whole index)', [bare.index], ''],
      ['bare POST, floor (request API only, Liftoff)', [bare.floor], ''],
      [
        'commander + zod/mini + the floor POST (the libraries alone)',
        [bare.deps, 'create', '--name', 'bench', '--description', 'bench', '--llm-model', 'GPT_4', '-q'],
        '',
      ],
      ['agents create … -q', create, '≤ 1.0x the floor; ≤ the floor’s RSS + 2 MiB'],
      ['agents list -q', [bin, 'list', '-q'], '≤ 1.1x the floor'],
      ['agents get ID --json', [bin, 'get', agentId, '--json'], '≤ 1.1x the floor'],
      [
        'agents invoke ID TEXT --no-stream (run log on)',
        [bin, 'invoke', agentId, 'hello', '--no-stream'],
        '≤ 1.1x the floor',
      ],
    ];
    // Interleaved rounds: every case meets the same moments of a noisy machine.
    const medians = interleaved(
      cases.map(([, args]) => args),
      env,
    );
    for (const [index, [name, args, budget]] of cases.entries()) {
      const ms = medians[index];
      const measureRss = name.startsWith('bare') || name.includes('create') || name.includes('POST');
      results.startup.push({
        case: name,
        ms,
        ratio: ms / baseline,
        budget,
        rssMiB: measureRss ? peakRss(args, env) : undefined,
      });
    }
    const floor = results.startup.find((r) => r.case.startsWith('bare POST, floor'));
    for (const measured of results.startup.filter((r) => r.case.startsWith('agents ') && r.budget.includes('floor')))
      measured.ratioToFloor = measured.ms / floor.ms;
    results.startup.find((r) => r.case.includes('libraries')).ratioToFloor =
      results.startup.find((r) => r.case.includes('libraries')).ms / floor.ms;

    // The padding run: 500 KiB of never-called code in what create -q loads, against the build as
    // it is, in paired rounds, each with its code cache warmed by one run first.
    const padded = paddedCopy(root, 500);
    const pairEnv = (cache) => ({ ...env, AGENTS_CACHE_DIR: cache });
    const plainEnv = pairEnv(tempConfig());
    const paddedEnv = pairEnv(tempConfig());
    const paddedCreate = [padded, ...create.slice(1)];
    once(create, plainEnv);
    once(paddedCreate, paddedEnv);
    const ratios = [];
    const [plainSamples, paddedSamples] = [[], []];
    for (let i = 0; i < RUNS; i++) {
      plainSamples.push(once(create, plainEnv));
      paddedSamples.push(once(paddedCreate, paddedEnv));
      ratios.push(paddedSamples.at(-1) / plainSamples.at(-1));
    }
    results.padding = {
      kib: 500,
      plainMs: median(plainSamples),
      paddedMs: median(paddedSamples),
      ratio: median(ratios),
    };
  } finally {
    emulator.child.kill();
  }

  if (startupOnly) {
    results.targets = targetsOf(results);
    return results;
  }

  // ── Streaming throughput, with and without the WebAssembly tier-up ───────────────────
  log(`${version}: streaming…`);
  const count = quick ? 50_000 : 200_000;
  const server = await startServer([join(root, 'bench', 'stream-server.mjs')], {
    ...process.env,
    BENCH_COUNT: String(count),
    BENCH_SIZE: '5',
  });
  try {
    const base = `http://127.0.0.1:${server.line}`;
    const env = { ...process.env, AGENTS_CONFIG_DIR: tempConfig(), AGENTS_BASE_URL: base, AGENTS_TOKEN: 'bench-token' };
    const consumer = [join(root, 'bench', 'bare-consumer.mjs'), `${base}/api/v1/agents/${BENCH_AGENT}/invoke`];
    const runs = quick ? 3 : 7;
    const bareMs = time(consumer, env, runs);
    const bareLiftoffMs = time(['--liftoff-only', ...consumer], env, runs);
    const cliMs = time([bin, 'invoke', BENCH_AGENT, 'go', '--no-session'], env, runs);
    const fastestBare = Math.min(bareMs, bareLiftoffMs);
    results.streaming = {
      events: count,
      bareMs,
      bareLiftoffMs,
      cliMs,
      ratio: cliMs / fastestBare,
      eventsPerSecond: Math.round(count / (cliMs / 1000)),
    };
  } finally {
    server.child.kill();
  }

  // ── Peak memory for a 50 MiB answer ────────────────────────────────────────────────────
  log(`${version}: memory…`);
  if (gnuTime) {
    const answerEvents = quick ? 10_000 : 51_200; // of 1 KiB each: 50 MiB
    const big = await startServer([join(root, 'bench', 'stream-server.mjs')], {
      ...process.env,
      BENCH_COUNT: String(answerEvents),
      BENCH_SIZE: '1024',
    });
    try {
      const env = {
        ...process.env,
        AGENTS_CONFIG_DIR: tempConfig(),
        AGENTS_BASE_URL: `http://127.0.0.1:${big.line}`,
        AGENTS_TOKEN: 'bench-token',
      };
      // The floor: the bare consumer reading the same answer, Liftoff only as the CLI. Taken in
      // turns, 11 of each: the CLI's peak moves with when V8 collects (one run read 94 to 130 MiB
      // on Node 26 while the consumer's stayed within 3), so the range is printed with the median.
      const consumer = [
        '--liftoff-only',
        join(root, 'bench', 'bare-consumer.mjs'),
        `http://127.0.0.1:${big.line}/api/v1/agents/${BENCH_AGENT}/invoke`,
      ];
      const cli = [bin, 'invoke', BENCH_AGENT, 'go', '--no-session'];
      const floorSamples = [];
      const cliSamples = [];
      for (let i = 0; i < 11; i++) {
        floorSamples.push(oneRss(consumer, env));
        cliSamples.push(oneRss(cli, env));
      }
      const range = (samples) => [Math.min(...samples), Math.max(...samples)];
      results.memory = {
        answerMiB: (answerEvents * 1024) / 2 ** 20,
        peakRssMiB: median(cliSamples),
        peakRssRangeMiB: range(cliSamples),
        floorMiB: median(floorSamples),
        floorRangeMiB: range(floorSamples),
      };
    } finally {
      big.child.kill();
    }
  } else {
    results.memory = { skipped: 'GNU time is not installed (apt-get install time)' };
  }

  // ── apply of 500 agents against 500 sequential `agents create` processes ──────────────
  log(`${version}: apply…`);
  const forApply = await startServer([bin, 'emulator', '--port', '0', '--json', '--token-delay', '0']);
  try {
    const { baseUrl, token } = JSON.parse(forApply.line);
    const env = { ...process.env, AGENTS_CONFIG_DIR: tempConfig(), AGENTS_BASE_URL: baseUrl, AGENTS_TOKEN: token };
    const total = 500;
    const file = join(tempConfig(), 'agents.json');
    writeFileSync(
      file,
      JSON.stringify({
        agents: Array.from({ length: total }, (_v, i) => ({
          name: `apply-${i}`,
          description: 'bench',
          llmModel: 'GPT_4',
        })),
      }),
    );
    let start = process.hrtime.bigint();
    if (spawnSync(node, [bin, 'apply', '-f', file, '-q'], { env, stdio: 'ignore' }).status !== 0)
      throw new Error('apply failed');
    const applyMs = Number(process.hrtime.bigint() - start) / 1e6;
    // 500 sequential processes take minutes; time a sample and scale it (said in the output).
    const sample = quick ? 10 : 50;
    start = process.hrtime.bigint();
    for (let i = 0; i < sample; i++) {
      const created = spawnSync(
        node,
        [bin, 'create', '-q', '--name', `seq-${i}`, '--description', 'bench', '--llm-model', 'GPT_4'],
        { env, stdio: 'ignore' },
      );
      if (created.status !== 0) throw new Error('create failed');
    }
    const sequentialMs = ((Number(process.hrtime.bigint() - start) / 1e6) * total) / sample;
    results.apply = {
      agents: total,
      applyMs,
      sequentialCreatesMs: sequentialMs,
      sampledCreates: sample,
      speedup: sequentialMs / applyMs,
      budget: 20,
    };
  } finally {
    forApply.child.kill();
  }

  // ── What the config/state lock costs each write ─────────────────────────────────────
  log(`${version}: lock…`);
  const measured = spawnSync(node, [join(root, 'bench', 'lock-cost.mjs')], {
    env: { ...process.env, BENCH_RUNS: quick ? '100' : '300' },
    encoding: 'utf8',
  });
  if (measured.status !== 0) throw new Error(`lock bench failed: ${measured.stderr}`);
  results.lock = {
    ...JSON.parse(measured.stdout),
    createMs: results.startup.find((r) => r.case === 'agents create … -q').ms,
    budgetMs: 5,
  };

  // ── Growth: `list --all` of 100, 1,000 and 10,000 agents, pages of 50, 20 ms a page ──────
  log(`${version}: list growth…`);
  results.listGrowth = [];
  for (const count of quick ? [100, 1000] : [100, 1000, 10000]) {
    const paged = await startServer([join(root, 'bench', 'paged-server.mjs'), String(count), '20']);
    try {
      const env = {
        ...process.env,
        AGENTS_CONFIG_DIR: tempConfig(),
        AGENTS_BASE_URL: `http://127.0.0.1:${paged.line}`,
        AGENTS_TOKEN: 'bench-token-0123456789',
      };
      const args = [bin, 'list', '--all', '-q'];
      const ms = time(args, env, quick ? 3 : 5);
      const pages = Math.ceil(count / 50);
      // The pages arrive out of order when fetched together: the ids must come out in the service's.
      const printed = spawnSync(node, args, { env, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 })
        .stdout.trim()
        .split('\n');
      const expected = Array.from(
        { length: count },
        (_v, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      );
      results.listGrowth.push({
        agents: count,
        pages,
        ms,
        sequentialPagesMs: pages * 20,
        shareOfSequential: ms / (pages * 20),
        inOrder: printed.join('\n') === expected.join('\n'),
        peakRssMiB: gnuTime ? peakRss(args, env) : undefined,
      });
    } finally {
      paged.child.kill();
    }
  }

  // ── Growth: eval of 10, 100 and 1,000 one-turn cases at --concurrency 20, 50 ms an answer ─
  log(`${version}: eval growth…`);
  results.evalGrowth = [];
  const slow = await startServer([join(root, 'bench', 'fixed-delay-server.mjs'), '50']);
  try {
    const env = {
      ...process.env,
      AGENTS_CONFIG_DIR: tempConfig(),
      AGENTS_BASE_URL: `http://127.0.0.1:${slow.line}`,
      AGENTS_TOKEN: 'bench-token-0123456789',
    };
    for (const count of quick ? [10, 100] : [10, 100, 1000]) {
      const file = join(tempConfig(), 'cases.json');
      writeFileSync(
        file,
        JSON.stringify({
          cases: Array.from({ length: count }, (_v, i) => ({
            name: `case ${i}`,
            agent: BENCH_AGENT,
            input: 'hi',
            assert: [{ contains: 'hello' }],
          })),
        }),
      );
      const ms = time([bin, 'eval', '-f', file, '--concurrency', '20', '-q'], env, quick ? 2 : 3);
      const idealMs = (count * 50) / 20;
      results.evalGrowth.push({ cases: count, ms, idealMs, ratio: ms / idealMs });
    }
  } finally {
    slow.child.kill();
  }

  // ── Growth: apply of 50, 500 and 5,000 agents ──────────────────────────────────────────
  log(`${version}: apply growth…`);
  results.applyGrowth = [];
  for (const count of quick ? [50, 500] : [50, 500, 5000]) {
    const fresh = await startServer([bin, 'emulator', '--port', '0', '--json', '--token-delay', '0']);
    try {
      const { baseUrl, token } = JSON.parse(fresh.line);
      const env = { ...process.env, AGENTS_CONFIG_DIR: tempConfig(), AGENTS_BASE_URL: baseUrl, AGENTS_TOKEN: token };
      const file = join(tempConfig(), 'agents.json');
      writeFileSync(
        file,
        JSON.stringify({
          agents: Array.from({ length: count }, (_v, i) => ({
            name: `grow-${i}`,
            description: 'bench',
            llmModel: 'GPT_4',
          })),
        }),
      );
      const start = process.hrtime.bigint();
      if (spawnSync(node, [bin, 'apply', '-f', file, '-q'], { env, stdio: 'ignore' }).status !== 0)
        throw new Error('apply failed');
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      results.applyGrowth.push({ agents: count, ms, msPerAgent: ms / count });
    } finally {
      fresh.child.kill();
    }
  }

  // ── agents mcp serve: the first tools/list, and what a call adds to the first token ─────
  log(`${version}: mcp…`);
  const mcp = spawnSync(node, [join(root, 'bench', 'mcp-cost.mjs')], {
    env: { ...process.env, BENCH_RUNS: String(RUNS) },
    encoding: 'utf8',
  });
  if (mcp.status !== 0) throw new Error(`mcp bench failed: ${mcp.stderr}`);
  results.mcp = { ...JSON.parse(mcp.stdout), ratioBudget: 1.3, addedBudgetMs: 5 };
  // A long answer: what its progress costs in traffic, and in memory when the client does not read.
  const progress = spawnSync(node, [join(root, 'bench', 'mcp-progress.mjs')], { encoding: 'utf8' });
  if (progress.status !== 0) throw new Error(`mcp progress bench failed: ${progress.stderr}`);
  results.mcpProgress = JSON.parse(progress.stdout);
  // The run log (Node 22.13+): invoke with it against --no-log, and reading 100,000 runs.
  log(`${version}: run log…`);
  const logs = spawnSync(node, [join(root, 'bench', 'logs.mjs')], {
    env: { ...process.env, BENCH_RUNS: String(RUNS) },
    encoding: 'utf8',
  });
  if (logs.status !== 0) throw new Error(`run log bench failed: ${logs.stderr}`);
  results.logs = JSON.parse(logs.stdout);
  // An eval file whose cases come from a 10,000-row CSV dataset: what reading it costs.
  log(`${version}: eval dataset…`);
  const dataset = spawnSync(node, [join(root, 'bench', 'eval-dataset.mjs')], {
    env: { ...process.env, BENCH_RUNS: quick ? '3' : '7' },
    encoding: 'utf8',
  });
  if (dataset.status !== 0) throw new Error(`eval dataset bench failed: ${dataset.stderr}`);
  results.evalDataset = JSON.parse(dataset.stdout);
  results.targets = targetsOf(results);
  return results;
}

/** The eval report's web page, 1,000 cases, in headless Chromium: once, as the browser is the same for every Node. */
function benchHtmlReport() {
  log('eval report page…');
  const page = spawnSync(process.execPath, [join(root, 'bench', 'html-report.mjs')], {
    env: { ...process.env, BENCH_RUNS: quick ? '3' : '7' },
    encoding: 'utf8',
  });
  if (page.status !== 0) throw new Error(`eval report page bench failed: ${page.stderr}`);
  return JSON.parse(page.stdout);
}

/** The published package: tarball size, and install time of the tarball (check:pack). */
function benchPackage() {
  log('package…');
  const line = execFileSync('bash', [join(root, 'scripts', 'check-pack.sh')], { cwd: root, encoding: 'utf8' });
  const [, kib, packages, installMs] = /\((\d+) KiB\) installs (\d+) package in (\d+) ms/.exec(line) ?? [];
  return { tarballKiB: Number(kib), packages: Number(packages), installMs: Number(installMs) };
}

/**
 * Every budget README's Performance section states, with the figure measured and whether
 * it is met. A target a run did not measure (--quick skips the largest sizes) reads "not measured".
 */
function targetsOf(r) {
  const startup = (name) => r.startup.find((s) => s.case === name);
  const base = startup('node -e 0').ms;
  const create = startup('agents create … -q');
  const floor = startup('bare POST, floor (request API only, Liftoff)');
  const [list1k, list10k] = [
    r.listGrowth?.find((g) => g.agents === 1000),
    r.listGrowth?.find((g) => g.agents === 10000),
  ];
  const [apply500, apply5k] = [
    r.applyGrowth?.find((a) => a.agents === 500),
    r.applyGrowth?.find((a) => a.agents === 5000),
  ];
  const eval1k = r.evalGrowth?.find((e) => e.cases === 1000);
  /** The larger size's ms per agent over the smaller's: at most 1 when time grows at most linearly. */
  const perAgent = (big, small) => big && small && big.ms / big.agents / (small.ms / small.agents);
  const rows = [
    ['create -q × the floor', create.ratioToFloor, '≤ 1.0', (v) => v <= 1.0],
    ['list -q × the floor', startup('agents list -q').ratioToFloor, '≤ 1.1', (v) => v <= 1.1],
    ['get ID --json × the floor', startup('agents get ID --json').ratioToFloor, '≤ 1.1', (v) => v <= 1.1],
    [
      'invoke ID TEXT --no-stream (run log on) × the floor',
      startup('agents invoke ID TEXT --no-stream (run log on)').ratioToFloor,
      '≤ 1.1',
      (v) => v <= 1.1,
    ],
    [
      'create -q peak RSS over the floor’s (MiB)',
      create.rssMiB && floor.rssMiB && create.rssMiB - floor.rssMiB,
      '≤ 2',
      (v) => v <= 2,
    ],
    ['--version × node -e 0', startup('agents --version').ms / base, '≤ 1.1', (v) => v <= 1.1],
    ['--help × node -e 0', startup('agents --help').ms / base, '≤ 1.1', (v) => v <= 1.1],
    [
      'create -q with 500 KiB of never-called code × without (warm cache)',
      r.padding?.ratio,
      '≤ 1.05',
      (v) => v <= 1.05,
    ],
    ['completion bash × node -e 0', startup('agents completion bash').ms / base, '≤ 1.3', (v) => v <= 1.3],
    ['__complete × node -e 0', startup('agents __complete agents').ms / base, '≤ 1.3', (v) => v <= 1.3],
    ['streaming × the fastest bare consumer', r.streaming?.ratio, '≤ 1.2', (v) => v <= 1.2],
    [
      '50 MiB answer peak RSS × the bare consumer’s',
      r.memory?.peakRssMiB && r.memory.peakRssMiB / r.memory.floorMiB,
      '≤ 1.1',
      (v) => v <= 1.1,
    ],
    ['list 10,000: ms per agent × at 1,000 (linear or better)', perAgent(list10k, list1k), '≤ 1', (v) => v <= 1],
    ['list 10,000 × 200 pages one after another', list10k?.shareOfSequential, '≤ 0.25', (v) => v <= 0.25],
    ['list 10,000 peak RSS (MiB)', list10k?.peakRssMiB, '< 100', (v) => v < 100],
    [
      'list output in the service’s order (every size)',
      r.listGrowth?.every((g) => g.inOrder),
      'yes',
      (v) => v === true,
    ],
    ['eval 1,000 cases × ideal', eval1k?.ratio, '≤ 1.2', (v) => v <= 1.2],
    ['apply 5,000: ms per agent × at 500 (linear or better)', perAgent(apply5k, apply500), '≤ 1', (v) => v <= 1],
    ['apply 500 × 500 sequential creates (speed-up)', r.apply?.speedup, '≥ 20', (v) => v >= 20],
    ['mcp serve first tools/list × list --all', r.mcp?.ratio, '≤ 1.3', (v) => v <= 1.3],
    ['mcp call: ms added to the first token', r.mcp?.addedMs, '< 5', (v) => v < 5],
    ['mcp call, 3.9 MB answer: stdio bytes × the answer', r.mcpProgress?.trafficRatio, '≤ 1.1', (v) => v <= 1.1],
    [
      'mcp call, 3.9 MB answer, HTTP client not reading: server peak RSS (MiB)',
      r.mcpProgress?.httpNotReadingPeakMiB,
      '< 150',
      (v) => v < 150,
    ],
    ['invoke with the run log × with --no-log (medians, interleaved)', r.logs?.invokeRatio, '≤ 1.05', (v) => v <= 1.05],
    ['agents logs over 100,000 runs (ms, whole command)', r.logs?.logsMs, '< 100', (v) => v < 100],
    ['agents logs search over 100,000 runs (ms, whole command)', r.logs?.searchMs, '< 100', (v) => v < 100],
    ['agents logs stats over 100,000 runs (ms, whole command)', r.logs?.statsMs, '< 300', (v) => v < 300],
    ['eval: a 10,000-row CSV dataset read and checked (ms)', r.evalDataset?.loadMs, '< 1000', (v) => v < 1000],
  ];
  return rows.map(([target, value, budget, meets]) => ({
    target,
    value,
    budget,
    met: value === undefined || Number.isNaN(value) ? undefined : meets(value),
  }));
}

const bare = await bundleBareScripts();
const report = {
  machine: `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, ${cpus()[0]?.model ?? 'unknown CPU'}`,
  runs: [],
  package: undefined,
  htmlReport: undefined,
};
for (const node of nodes) report.runs.push(await benchOneNode(node, bare));
if (!startupOnly) {
  report.package = benchPackage();
  report.htmlReport = benchHtmlReport();
}

if (asJson) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const fmt = (n, d = 1) => (n === undefined ? '–' : n.toFixed(d));
  console.log(`\nMachine: ${report.machine}`);
  // The baselines, as they are run (each bundled and minified as the CLI is): nothing of the CLI in them.
  for (const name of ['bare-post', 'bare-post-index', 'bare-consumer', 'deps-post'])
    console.log(
      `\n#### bench/${name}.mjs\n\n\`\`\`js\n${readFileSync(join(root, 'bench', `${name}.mjs`), 'utf8').trim()}\n\`\`\``,
    );
  for (const r of report.runs) {
    console.log(
      `\n### ${r.node}\n\n| start-up | median ms | × node -e 0 | peak RSS MiB | budget |\n|---|---|---|---|---|`,
    );
    for (const s of r.startup) {
      const extra = s.ratioToFloor === undefined ? '' : ` (${fmt(s.ratioToFloor, 2)}x the floor)`;
      console.log(`| ${s.case} | ${fmt(s.ms)} | ${fmt(s.ratio, 2)}${extra} | ${fmt(s.rssMiB)} | ${s.budget ?? ''} |`);
    }
    const pad = r.padding;
    console.log(
      `\n| padding run (paired rounds, warm cache) | median ms | ratio | budget |\n|---|---|---|---|\n| create -q | ${fmt(pad.plainMs)} | 1.00 | |\n| create -q, ${pad.kib} KiB of never-called code added | ${fmt(pad.paddedMs)} | ${fmt(pad.ratio, 3)} | ≤ 1.05 |`,
    );
    if (startupOnly) continue;
    const st = r.streaming;
    console.log(`\n| streaming ${st.events} events | ms | events/s | × fastest bare | budget |\n|---|---|---|---|---|`);
    console.log(`| bare undici consumer | ${fmt(st.bareMs)} | ${Math.round(st.events / (st.bareMs / 1000))} | | |`);
    console.log(
      `| bare undici consumer, --liftoff-only | ${fmt(st.bareLiftoffMs)} | ${Math.round(st.events / (st.bareLiftoffMs / 1000))} | | |`,
    );
    console.log(
      `| agents invoke (Liftoff only) | ${fmt(st.cliMs)} | ${st.eventsPerSecond} | ${fmt(st.ratio, 2)} | ≤ 1.2, ≥ 315k events/s |`,
    );
    const m = r.memory;
    console.log(
      m.skipped
        ? `\nmemory: ${m.skipped}`
        : `\n| memory | answer | peak RSS, median of 11 (range) | budget |\n|---|---|---|---|\n| bare undici consumer, --liftoff-only (the floor) | ${fmt(m.answerMiB, 0)} MiB | ${fmt(m.floorMiB)} MiB (${m.floorRangeMiB.map((v) => fmt(v)).join('–')}) | |\n| agents invoke (streaming) | ${fmt(m.answerMiB, 0)} MiB | ${fmt(m.peakRssMiB)} MiB (${m.peakRssRangeMiB.map((v) => fmt(v)).join('–')}) | ≤ 1.1x the floor's |`,
    );
    const a = r.apply;
    console.log(`\n| ${a.agents} agents | ms | speed-up | budget |\n|---|---|---|---|`);
    console.log(
      `| ${a.agents} sequential \`agents create\` (${a.sampledCreates} timed, scaled) | ${fmt(a.sequentialCreatesMs, 0)} | 1.0 | |`,
    );
    console.log(`| \`agents apply\` (concurrency 4) | ${fmt(a.applyMs, 0)} | ${fmt(a.speedup, 1)}x | ≥ ${a.budget}x |`);
    const l = r.lock;
    console.log(
      `\n| lock of config.json/state.json (uncontended) | median ms | share of one \`create -q\` | budget |\n|---|---|---|---|`,
    );
    console.log(
      `| take and release the lock | ${fmt(l.lockMs, 3)} | ${fmt((100 * l.lockMs) / l.createMs, 2)} % | < ${l.budgetMs} ms |`,
    );
    console.log(
      `| a whole state.json update with it (read, write, fsync, rename) | ${fmt(l.stateWriteMs, 3)} | ${fmt((100 * l.stateWriteMs) / l.createMs, 2)} % | |`,
    );
    console.log(
      `\n| list --all, pages of 50, 20 ms a page | pages | ms | × the pages one after another | peak RSS MiB | budget |\n|---|---|---|---|---|---|`,
    );
    for (const g of r.listGrowth) {
      console.log(
        `| ${g.agents} agents | ${g.pages} | ${fmt(g.ms)} | ${fmt(g.shareOfSequential, 2)} | ${fmt(g.peakRssMiB)} | ≤ 0.25 at 10,000; < 100 MiB |`,
      );
    }
    console.log(
      `\n| eval, --concurrency 20, 50 ms an answer | ms | ideal (cases × 50 / 20) | × ideal | budget |\n|---|---|---|---|---|`,
    );
    for (const e of r.evalGrowth)
      console.log(`| ${e.cases} cases | ${fmt(e.ms)} | ${fmt(e.idealMs)} | ${fmt(e.ratio, 2)} | ≤ 1.2 (at 1,000) |`);
    console.log(`\n| apply (the emulator, no delay) | ms | ms per agent | budget |\n|---|---|---|---|`);
    for (const a of r.applyGrowth)
      console.log(`| ${a.agents} agents | ${fmt(a.ms, 0)} | ${fmt(a.msPerAgent, 2)} | linear |`);
    const c = r.mcp;
    console.log(`\n| agents mcp serve (${c.agents} agents) | ms | ratio | budget |\n|---|---|---|---|`);
    console.log(`| \`agents list --all\`, whole run | ${fmt(c.listMs)} | 1.00 | |`);
    console.log(
      `| start the server to the first tools/list answer | ${fmt(c.firstToolsListMs)} | ${fmt(c.ratio, 2)} | ≤ ${c.ratioBudget} |`,
    );
    console.log(`| time to first token: \`agents invoke --events\` (its own timing) | ${fmt(c.invokeTtftMs)} | | |`);
    console.log(
      `| time to first token: a tools/call, server warm (to the first progress) | ${fmt(c.mcpTtftMs)} | ${fmt(c.addedMs)} ms added | < ${c.addedBudgetMs} ms added |`,
    );
    const p = r.mcpProgress;
    console.log(
      `\n| agents mcp serve, a ${fmt(p.answerChars / 1e6, 1)} MB answer with progress | figure | budget |\n|---|---|---|`,
    );
    console.log(
      `| stdio: bytes written × the answer (progress shows the latest, bounded) | ${fmt(p.trafficRatio, 2)} | ≤ 1.1 |`,
    );
    console.log(`| stdio, the client reading: server peak RSS (MiB) | ${fmt(p.stdioPeakMiB, 0)} | |`);
    console.log(
      `| HTTP, the client not reading for 5 s: server peak RSS (MiB) | ${fmt(p.httpNotReadingPeakMiB, 0)} | < 150 |`,
    );
  }
  for (const r of report.runs.filter((run) => run.logs)) {
    const l = r.logs;
    console.log(`\n| run log, ${r.node} | figure |\n|---|---|`);
    if (l.skipped) console.log(`| not measured | ${l.skipped} |`);
    else {
      console.log(
        `| invoke, logged / --no-log (median ms) | ${fmt(l.invokeLoggedMs)} / ${fmt(l.invokeUnloggedMs)} (${fmt(l.invokeRatio, 3)}x) |`,
      );
      console.log(
        `| logs / logs search / logs stats over ${l.runs} runs (median ms; --version: ${fmt(l.nodeStartMs)}) | ${fmt(l.logsMs)} / ${fmt(l.searchMs)} / ${fmt(l.statsMs)} |`,
      );
      console.log(`| the log's size for ${l.runs} runs | ${fmt(l.dbMiB)} MiB |`);
    }
  }
  console.log('\n### Targets\n');
  console.log(`| target | budget | ${report.runs.map((r) => r.node).join(' | ')} |`);
  console.log(`|---|---|${report.runs.map(() => '---|').join('')}`);
  const shown = (value) => (typeof value === 'boolean' ? (value ? 'yes' : 'no') : fmt(value, value >= 10 ? 1 : 2));
  // Node 20 is out of support: its figures are shown beside the others', held to no budget.
  const verdict = (t, r) =>
    t.met === undefined
      ? 'not measured'
      : r.node.startsWith('v20.')
        ? `${shown(t.value)} (no budget)`
        : `${shown(t.value)} ${t.met ? 'met' : '**not met**'}`;
  for (const [i, { target, budget }] of report.runs[0].targets.entries())
    console.log(`| ${target} | ${budget} | ${report.runs.map((r) => verdict(r.targets[i], r)).join(' | ')} |`);
  if (startupOnly) process.exit(0);
  const p = report.package;
  console.log(`\n| package | tarball | packages installed | install time | budget |\n|---|---|---|---|---|`);
  console.log(
    `| npm install -g of the tarball | ${p.tarballKiB} KiB | ${p.packages} | ${p.installMs} ms | 1 package |`,
  );
  const h = report.htmlReport;
  console.log(`\n| eval report page, headless Chromium | figure | budget |\n|---|---|---|`);
  if (h.skipped) console.log(`| 1,000 cases | not measured: ${h.skipped} | < 1000 ms |`);
  else {
    const met = (ms) => `${fmt(ms, 0)} ms ${ms < h.budgetMs ? 'met' : '**not met**'}`;
    console.log(
      `| open ${h.cases} cases (${h.pageKiB} KiB): navigation to load end, median | ${met(h.openMs)} | < ${h.budgetMs} ms |`,
    );
    console.log(
      `| filter them (text and verdict) and lay out again, median | ${met(h.filterMs)} | < ${h.budgetMs} ms |`,
    );
  }
}
