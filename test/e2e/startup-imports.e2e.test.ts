// Start-up stays light: --version and --help must not run undici, zod, ora, conf or
// @inquirer/prompts. Checked through what the process ran, not a timer: the files it loaded, and
// (dependencies being bundled) which sources esbuild put in them. dist/main.js holds the program
// with commander, zod and chalk, each module evaluated only when first imported: of its sources,
// those V8's coverage shows never evaluated are left out.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import * as nodeModule from 'node:module';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assertBuilt, BIN, runBinary } from '../helpers/binary.js';
import { sendJson, startTestServer } from '../helpers/test-server.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RECORDER = fileURLToPath(new URL('../helpers/import-recorder.mjs', import.meta.url));
const HEAVY = ['undici', 'zod', 'ora', 'conf', '@inquirer/prompts', '@inquirer/core', 'yaml', 'string-width'];
const PROGRAM = 'dist/main.js';
const HAS_COMPILE_CACHE = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';

interface Metafile {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}

interface Coverage {
  result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
}

/**
 * Every source file that ran: in the files the process loaded, less the program's modules never
 * evaluated; then the builtins it loaded (`node:net`).
 */
async function evaluatedSources(args: string[], env: Record<string, string> = {}): Promise<string[]> {
  assertBuilt();
  const work = mkdtempSync(join(tmpdir(), 'agents-imports-'));
  const log = join(work, 'imports.log');
  const coverage = join(work, 'coverage');
  // Not spawnSync: a test's own server must go on answering while the command runs.
  const child = spawn(process.execPath, ['--import', RECORDER, BIN, ...args], {
    env: {
      PATH: process.env.PATH,
      AGENTS_IMPORT_LOG: log,
      NODE_V8_COVERAGE: coverage,
      AGENTS_CONFIG_DIR: join(tmpdir(), 'agents-none'),
      ...env,
    },
    stdio: 'ignore',
  });
  await once(child, 'close');
  const meta = JSON.parse(readFileSync(join(ROOT, '.build', 'metafile.json'), 'utf8')) as Metafile;
  const loaded = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) => relative(ROOT, fileURLToPath(url)));
  const builtins = readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('node:'));
  const notEvaluated = programModulesNotEvaluated(coverage);
  // bin/code-cache.js compiles the program and its CommonJS vendor files itself: coverage sees them.
  for (const file of filesCompiledByTheCli(coverage)) if (!loaded.includes(file)) loaded.push(file);
  return [
    ...loaded.flatMap((file) => [
      file,
      ...Object.keys(meta.outputs[file]?.inputs ?? {}).filter(
        (source) => file !== PROGRAM || !notEvaluated.has(source),
      ),
    ]),
    ...builtins,
  ];
}

/** The files of dist/ that V8 compiled, whoever asked it to. */
function filesCompiledByTheCli(coverageDir: string): string[] {
  return readdirSync(coverageDir).flatMap((name) =>
    (JSON.parse(readFileSync(join(coverageDir, name), 'utf8')) as Coverage).result
      .filter((script) => script.url.startsWith('file:'))
      .map((script) => relative(ROOT, fileURLToPath(script.url)))
      .filter((file) => file.startsWith('dist/')),
  );
}

/**
 * esbuild wraps each module of the program that is reached through import() in a function named
 * by the module's path, called on first import; V8's coverage counts the calls.
 */
function programModulesNotEvaluated(coverageDir: string): Set<string> {
  const notEvaluated = new Set<string>();
  for (const name of readdirSync(coverageDir)) {
    const { result } = JSON.parse(readFileSync(join(coverageDir, name), 'utf8')) as Coverage;
    const program = result.find((script) => script.url.endsWith(`/${PROGRAM}`));
    for (const fn of program?.functions ?? [])
      if (/^(node_modules|src)\//.test(fn.functionName) && fn.ranges[0]?.count === 0) notEvaluated.add(fn.functionName);
  }
  return notEvaluated;
}

function heavyPackagesIn(sources: string[]): string[] {
  return HEAVY.filter((name) => sources.some((source) => source.includes(`node_modules/${name}/`)));
}

describe('start-up module graph', () => {
  // bin/agents.js answers these alone, or with the completion bundle: the CLI is never loaded.
  const FAST_PATHS = ['--version', '--help', 'completion bash', '__complete agents'];
  for (const args of [
    ['--version'],
    ['--help'],
    ['create', '--help'],
    ['invoke', '--help'],
    ['completion', 'bash'],
    ['__complete', 'agents'],
  ]) {
    it(`agents ${args.join(' ')} runs none of ${HEAVY.join(', ')}`, async () => {
      const sources = await evaluatedSources(args);
      expect(sources.includes('dist/main.js')).toBe(!FAST_PATHS.includes(args.join(' ')));
      expect(heavyPackagesIn(sources)).toEqual([]);
    });
  }

  // Node 22.1+ caches through module.enableCompileCache (test/security/compile-cache.e2e.test.ts: only in a folder no one else can change).
  it.skipIf(!HAS_COMPILE_CACHE)(
    'the compiled CLI is cached in AGENTS_CACHE_DIR, never in the config folder',
    async () => {
      const cache = join(mkdtempSync(join(tmpdir(), 'agents-cache-')), 'cache');
      const config = join(mkdtempSync(join(tmpdir(), 'agents-config-')), 'config');
      expect(
        (await runBinary(['config', 'list'], { env: { AGENTS_CACHE_DIR: cache, AGENTS_CONFIG_DIR: config } })).code,
      ).toBe(0);
      expect(readdirSync(cache).length).toBeGreaterThan(0);
      expect(existsSync(config)).toBe(false);
    },
  );

  it('without a home folder nothing is cached, and nothing is written in the current folder', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'agents-cwd-'));
    const config = mkdtempSync(join(tmpdir(), 'agents-config-'));
    const ran = spawnSync(process.execPath, [BIN, 'config', 'list'], {
      cwd,
      env: { PATH: process.env.PATH, AGENTS_CONFIG_DIR: config },
    });
    expect(ran.status).toBe(0);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('--help off a terminal is the text the program prints (dist/help.txt, written by the build)', async () => {
    const served = await runBinary(['--help']);
    const live = await runBinary(['--help'], { env: { AGENTS_LIVE_OUTPUT: '1' } });
    expect(served.stdout).toContain('Usage: agents [options] [command]');
    expect(served.stdout).toBe(live.stdout);
  });

  it('--help to /dev/null (a character device, as a terminal is) is served from dist/help.txt too: the program never loads', () => {
    const devNull = openSync('/dev/null', 'w');
    try {
      const ran = spawnSync(process.execPath, [BIN, '--help'], {
        stdio: ['ignore', devNull, 'pipe'],
        env: { ...process.env, NODE_DEBUG: 'agents', AGENTS_CACHE_DIR: mkdtempSync(join(tmpdir(), 'agents-cache-')) },
        encoding: 'utf8',
      });
      expect(ran.status).toBe(0);
      // The program says what it does with its code cache (NODE_DEBUG=agents); the fast path says nothing.
      expect(ran.stderr).toBe('');
    } finally {
      closeSync(devNull);
    }
  });

  it('__complete loads no writer of the config files (atomic write, locks)', async () => {
    const sources = await evaluatedSources(['__complete', 'agents']);
    // The completion bundle is require()d: the recorder sees it, and what went into it.
    expect(sources).toEqual(expect.arrayContaining(['dist/complete.cjs', 'src/config/json-read.ts']));
    expect(sources.filter((source) => /atomic-write|file-lock/.test(source))).toEqual([]);
  });

  it('sees the heavy modules when a command needs them (the check can fail)', async () => {
    const sources = await evaluatedSources(['create', '--name', 'x']);
    expect(heavyPackagesIn(sources)).toContain('zod');
  });

  it("tells the program's modules that ran from those only loaded with them (the check can fail)", async () => {
    const sources = await evaluatedSources(['create', '--help']);
    expect(sources).toEqual(
      expect.arrayContaining(['src/commands/resource/create/definition.ts', 'node_modules/commander/index.js']),
    );
    // The run of a command loads with it, not with its help.
    expect(sources).not.toContain('src/commands/resource/create/run.ts');
    expect(sources).not.toContain('src/api/client.ts');
    // A request loads undici's file from dist/vendor/ and runs the client.
    const request = await evaluatedSources(['create', '--name', 'x', '--description', 'd', '--llm-model', 'GPT_4'], {
      AGENTS_BASE_URL: 'http://127.0.0.1:9',
      AGENTS_TOKEN: 'tok_imports_12345678',
    });
    expect(request).toEqual(expect.arrayContaining(['src/api/client.ts', 'dist/vendor/undici-parts.cjs']));
    expect(heavyPackagesIn(request)).toContain('undici');
    // Builtins too: a request needs the network; commander's child_process waits for a first use.
    expect(request).toEqual(expect.arrayContaining(['node:net', 'node:os']));
    expect(request).not.toContain('node:child_process');
  });

  it('a create over http loads no HTTP/2, TLS or crypto, and still records the agent under its lock', async () => {
    const server = await startTestServer((_req, res) =>
      sendJson(res, 200, { success: true, data: { id: 'agent-imports-1', name: 'x' } }),
    );
    try {
      const config = mkdtempSync(join(tmpdir(), 'agents-config-'));
      const sources = await evaluatedSources(
        ['create', '-q', '--name', 'x', '--description', 'd', '--llm-model', 'GPT_4'],
        {
          AGENTS_BASE_URL: server.url,
          AGENTS_TOKEN: 'tok_imports_12345678',
          AGENTS_CONFIG_DIR: config,
        },
      );
      expect(sources).toEqual(expect.arrayContaining(['node:http', 'src/config/file-lock.ts']));
      expect(sources.filter((source) => ['node:http2', 'node:tls', 'node:crypto'].includes(source))).toEqual([]);
      expect(readFileSync(join(config, 'state.json'), 'utf8')).toContain('agent-imports-1');
    } finally {
      await server.close();
    }
  });
});
