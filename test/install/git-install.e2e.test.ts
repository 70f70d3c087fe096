// README's install command, run as written against a git clone of this repository: a release tag
// made by scripts/release-tree.mjs, installed with `npm install -g` into a temporary prefix (given
// as npm_config_prefix, so the command is README's own), then the installed `agents` run for real.
// npm/cli#4148 would pass silently (exit 0, "added 1 package", a link to a folder npm removed): the
// test looks at what was installed, not at npm's exit code alone. It runs in .ci/run's pass on the
// current LTS only (helpers/lts-pass.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { limit } from '../helpers/limits.js';
import { IN_LTS_PASS } from '../helpers/lts-pass.js';
import { spawnCollecting } from '../helpers/binary.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const README_INSTALL = /^npm install -g github:YOUR-ORG\/agents-cli#(v\S+)/m.exec(
  readFileSync(join(ROOT, 'README.md'), 'utf8'),
);

describe.runIf(IN_LTS_PASS)('README install', () => {
  let emulator: RunningEmulator;
  let clone: string;
  let prefix: string;

  beforeAll(async () => {
    emulator = await startEmulator({ tokenDelayMs: 0 });
    const work = mkdtempSync(join(tmpdir(), 'agents-git-install-'));
    clone = join(work, 'clone');
    prefix = join(work, 'prefix');
    // The repository as a user's clone has it (this commit), its dependencies to build the tag with.
    execFileSync('git', ['clone', '--quiet', ROOT, clone]);
    symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
    execFileSync(process.execPath, ['scripts/release-tree.mjs', `v${VERSION}`], { cwd: clone, stdio: 'pipe' });
  }, limit(60_000));
  afterAll(() => emulator?.close());

  it(
    "README's install command installs the release tag as one package, whose agents works",
    async () => {
      expect(README_INSTALL, "README's Install section leads with npm install -g github:…#TAG").not.toBeNull();
      expect(README_INSTALL![1]).toBe(`v${VERSION}`);
      // The tag's tree needs no build: nothing for npm to run, so nothing for npm/cli#4148 to break.
      const released = JSON.parse(
        execFileSync('git', ['show', `v${VERSION}:package.json`], { cwd: clone, encoding: 'utf8' }),
      ) as Record<string, unknown>;
      expect(released.scripts).toBeUndefined();

      const command = README_INSTALL![0].replace('github:YOUR-ORG/agents-cli', `git+file://${clone}`);
      const install = spawnSync('bash', ['-c', command], {
        env: {
          ...process.env,
          npm_config_prefix: prefix,
          npm_config_audit: 'false',
          npm_config_fund: 'false',
          npm_config_update_notifier: 'false',
        },
        encoding: 'utf8',
      });
      expect(install.status, install.stderr).toBe(0);
      const installed = join(prefix, 'lib', 'node_modules', 'agents-cli');
      expect(lstatSync(installed).isDirectory()).toBe(true); // a folder, not the dangling link of npm/cli#4148
      // Spawned, not run synchronously: the emulator that answers it runs in this process.
      const env = {
        ...process.env,
        AGENTS_BASE_URL: emulator.url,
        AGENTS_TOKEN: emulator.token,
        AGENTS_CONFIG_DIR: join(prefix, 'config'),
      } as Record<string, string>;
      const agents = (...argv: string[]) => spawnCollecting(join(prefix, 'bin', 'agents'), argv, env);
      expect((await agents('--version')).stdout.trim()).toBe(VERSION);
      const made = await agents(
        'create',
        '-q',
        '--name',
        'Installed bot',
        '--description',
        'from git',
        '--llm-model',
        'GPT_4',
      );
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);
      expect((await agents('get', made.stdout.trim(), '--json')).stdout).toContain('"name": "Installed bot"');
    },
    limit(60_000),
  );
});
