// Start-up stays light: --version and --help must not load undici, zod, ora, conf or
// @inquirer/prompts. Checked through the module graph, not a timer: the files the process
// actually loaded, and (dependencies being bundled) which sources esbuild put in them.
import { spawnSync } from 'node:child_process';
import * as nodeModule from 'node:module';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assertBuilt, BIN, runBinary } from '../helpers/binary.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RECORDER = fileURLToPath(new URL('../helpers/import-recorder.mjs', import.meta.url));
const HEAVY = ['undici', 'zod', 'ora', 'conf', '@inquirer/prompts', '@inquirer/core', 'yaml'];

interface Metafile {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}

/** Every source file that went into the files the process loaded. */
function loadedSources(args: string[], env: Record<string, string> = {}): string[] {
  assertBuilt();
  const log = join(mkdtempSync(join(tmpdir(), 'agents-imports-')), 'imports.log');
  spawnSync(process.execPath, ['--import', RECORDER, BIN, ...args], {
    env: { PATH: process.env.PATH, AGENTS_IMPORT_LOG: log, AGENTS_CONFIG_DIR: join(tmpdir(), 'agents-none'), ...env },
    encoding: 'utf8',
  });
  const meta = JSON.parse(readFileSync(join(ROOT, '.build', 'metafile.json'), 'utf8')) as Metafile;
  const loaded = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) => relative(ROOT, fileURLToPath(url)));
  return loaded.flatMap((file) => [file, ...Object.keys(meta.outputs[file]?.inputs ?? {})]);
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
    it(`agents ${args.join(' ')} loads none of ${HEAVY.join(', ')}`, () => {
      const sources = loadedSources(args);
      expect(sources.includes('dist/main.js')).toBe(!FAST_PATHS.includes(args.join(' ')));
      expect(heavyPackagesIn(sources)).toEqual([]);
    });
  }

  // Node 22.1+ only (CI runs the suite on the LTS too).
  it.skipIf(typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache !== 'function')(
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

  it.skipIf(typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache !== 'function')(
    'without a home folder nothing is cached, and nothing is written in the current folder',
    () => {
      const cwd = mkdtempSync(join(tmpdir(), 'agents-cwd-'));
      const config = mkdtempSync(join(tmpdir(), 'agents-config-'));
      const ran = spawnSync(process.execPath, [BIN, 'config', 'list'], {
        cwd,
        env: { PATH: process.env.PATH, AGENTS_CONFIG_DIR: config },
      });
      expect(ran.status).toBe(0);
      expect(readdirSync(cwd)).toEqual([]);
    },
  );

  it('--help off a terminal is the text the program prints (dist/help.txt, written by the build)', async () => {
    const served = await runBinary(['--help']);
    const live = await runBinary(['--help'], { env: { AGENTS_LIVE_OUTPUT: '1' } });
    expect(served.stdout).toContain('Usage: agents [options] [command]');
    expect(served.stdout).toBe(live.stdout);
  });

  it('__complete loads no writer of the config files (atomic write, locks)', () => {
    const sources = loadedSources(['__complete', 'agents']);
    // The completion bundle is require()d: the recorder sees it, and what went into it.
    expect(sources).toEqual(expect.arrayContaining(['dist/complete.cjs', 'src/config/json-read.ts']));
    expect(sources.filter((source) => /atomic-write|file-lock/.test(source))).toEqual([]);
  });

  it('sees the heavy modules when a command needs them (the check can fail)', () => {
    const sources = loadedSources(['create', '--name', 'x']);
    expect(heavyPackagesIn(sources)).toContain('zod');
  });
});
