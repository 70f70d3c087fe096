// `agents config get|set|unset|list` on a real config file in a temp AGENTS_CONFIG_DIR.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../../../test/helpers/run-cli.js';

describe('config', () => {
  it('sets, reads, lists and unsets a setting of the profile, in a 0600 file', async () => {
    const dir = tempConfigDir();
    const config = (...argv: string[]) => runCli(['config', ...argv], { configDir: dir });
    expect((await config('set', 'timeout', '5')).code).toBe(0);
    expect((await config('get', 'timeout')).stdout).toBe('5\n');
    expect(JSON.parse((await config('list', '--json')).stdout)).toEqual({
      'base-url': null,
      timeout: 5,
      'allow-insecure-http': null,
      logs: null,
      'logs.max-runs': null,
      'logs.max-days': null,
    });
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({
      profiles: { default: { timeout: 5 } },
    });
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect((await config('unset', 'timeout')).code).toBe(0);
    expect(await config('get', 'timeout')).toMatchObject({ code: 5, stdout: '' });
  });

  it('checks the key and the value before writing (exit 2)', async () => {
    const dir = tempConfigDir();
    const bad = await runCli(['config', 'set', 'timeout', 'soon'], { configDir: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('timeout must be a positive number of seconds');
    expect((await runCli(['config', 'get', 'colour'], { configDir: dir })).code).toBe(2);
  });
});
