// a config folder or file someone else could change is named in a warning (once), and a
// symbolic link there is never followed. Row 8: the Node LTS the tests use comes from a pinned lockfile
// into a private folder. Real folders and files, the built binary.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runBinary } from '../helpers/binary.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { canUseAnotherUsersFolder, openTempDir } from '../helpers/unprivileged.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const warningsIn = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('warning:'));

describe('the config folder', () => {
  it('a folder and a file that others may write are each named once, and still used', async () => {
    const dir = join(openTempDir(), 'config');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ profiles: { default: { baseUrl: 'https://agents.example.com' } } }),
    );
    chmodSync(join(dir, 'config.json'), 0o666);
    const result = await runBinary(['status'], { env: { AGENTS_CONFIG_DIR: dir } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('https://agents.example.com');
    expect(warningsIn(result.stderr)).toEqual([
      `warning: ${dir} can be written by every user: whoever can change it can send your token elsewhere (chmod go-w, or chown it)`,
      `warning: ${join(dir, 'config.json')} can be written by every user: whoever can change it can send your token elsewhere (chmod go-w, or chown it)`,
    ]);
    chmodSync(join(dir, 'config.json'), 0o620);
    chmodSync(dir, 0o700);
    expect(warningsIn((await runBinary(['status'], { env: { AGENTS_CONFIG_DIR: dir } })).stderr)).toEqual([
      `warning: ${join(dir, 'config.json')} can be written by its group: whoever can change it can send your token elsewhere (chmod go-w, or chown it)`,
    ]);
  });

  it.skipIf(!canUseAnotherUsersFolder)(
    "a folder that belongs to another user is named (the tests run as root here: it is nobody's)",
    async () => {
      const dir = join(openTempDir(), 'config');
      mkdirSync(dir, { mode: 0o755 });
      chownSync(dir, 65534, 65534);
      const result = await runBinary(['status'], { env: { AGENTS_CONFIG_DIR: dir } });
      expect(warningsIn(result.stderr)).toEqual([
        `warning: ${dir} belongs to another user (uid 65534): whoever can change it can send your token elsewhere (chmod go-w, or chown it)`,
      ]);
    },
  );

  it('a config file or state file that is a symbolic link is never followed: exit 2 naming it', async () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const elsewhere = join(openTempDir(), 'planted.json');
    writeFileSync(
      elsewhere,
      JSON.stringify({ profiles: { default: { baseUrl: 'https://attacker.example', token: 'planted' } } }),
    );
    symlinkSync(elsewhere, join(dir, 'config.json'));
    const result = await runBinary(['status', '--json'], { env: { AGENTS_CONFIG_DIR: dir } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `error: ${join(dir, 'config.json')} is a symbolic link; agents does not follow links in its config folder`,
    );
    expect(result.stdout).not.toContain('attacker.example');
    expect(lstatSync(join(dir, 'config.json')).isSymbolicLink()).toBe(true); // left as it was
  });
});

describe('the Node LTS of the tests and the bench', () => {
  it('is pinned with its integrity in a lockfile, and installed into a private folder outside the shared temp folder', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'scripts/node-lts/package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; integrity?: string }>;
    };
    const platform = lock.packages[`node_modules/node-${process.platform}-${process.arch}`];
    expect(platform?.version).toMatch(/^26\.\d+\.\d+$/);
    expect(platform?.integrity).toMatch(/^sha512-/);
    const binary = execFileSync(process.execPath, [join(ROOT, 'scripts/node-lts.mjs')], { encoding: 'utf8' }).trim();
    expect(execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${platform!.version}`);
    expect(binary.startsWith(tmpdir())).toBe(false);
    // Every folder from the install down to the binary is the user's own, and no one else may write it.
    for (let folder = dirname(binary); folder.includes('node-lts-'); folder = dirname(folder)) {
      const stats = lstatSync(folder);
      expect(stats.uid).toBe(process.getuid!());
      expect(stats.mode & 0o022).toBe(0);
    }
  });
});
