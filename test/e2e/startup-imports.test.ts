// Start-up stays light: --version and --help must not load the heavy dependencies.
// Checked through the module graph the process actually resolved, not a timer.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assertBuilt, BIN } from '../helpers/binary.js';

const RECORDER = fileURLToPath(new URL('../helpers/import-recorder.mjs', import.meta.url));
const HEAVY = ['undici', 'zod', 'ora', 'conf', '@inquirer/prompts', '@inquirer/core', 'yaml'];

function resolvedModules(args: string[]): string[] {
  assertBuilt();
  const log = join(mkdtempSync(join(tmpdir(), 'agents-imports-')), 'imports.log');
  const result = spawnSync(process.execPath, ['--import', RECORDER, BIN, ...args], {
    env: { PATH: process.env.PATH, AGENTS_IMPORT_LOG: log },
    encoding: 'utf8',
  });
  expect(result.status).toBe(0);
  return readFileSync(log, 'utf8').trim().split('\n');
}

function heavyPackagesIn(urls: string[]): string[] {
  return HEAVY.filter((name) => urls.some((url) => url.includes(`/node_modules/${name}/`)));
}

describe('start-up module graph', () => {
  for (const args of [['--version'], ['--help'], ['create', '--help'], ['invoke', '--help']]) {
    it(`agents ${args.join(' ')} loads none of ${HEAVY.join(', ')}`, () => {
      const urls = resolvedModules(args);
      expect(urls.some((url) => url.endsWith('/dist/main.js'))).toBe(true);
      expect(heavyPackagesIn(urls)).toEqual([]);
    });
  }

  it('the recorder does see heavy modules when a command needs them', () => {
    // Guards the test itself: `config list` reads config without undici, but status loads nothing heavy either,
    // so use `create` with missing flags, which loads zod for validation before failing.
    const log = join(mkdtempSync(join(tmpdir(), 'agents-imports-')), 'imports.log');
    spawnSync(process.execPath, ['--import', RECORDER, BIN, 'create', '--name', 'x'], {
      env: { PATH: process.env.PATH, AGENTS_IMPORT_LOG: log, AGENTS_CONFIG_DIR: join(tmpdir(), 'agents-none') },
      encoding: 'utf8',
    });
    expect(heavyPackagesIn(readFileSync(log, 'utf8').split('\n'))).toContain('zod');
  });
});
