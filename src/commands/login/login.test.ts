// `agents login` and `agents logout` against the emulator: the token checked before it is saved,
// saved 0600 in the profile, and removed again.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulatorEnv } from '../../../test/helpers/emulator-env.js';
import { runCli, tempConfigDir } from '../../../test/helpers/run-cli.js';

const running = useEmulatorEnv();

describe('login and logout', () => {
  it('checks the token, saves it 0600 in the profile, and logout removes it', async () => {
    const dir = tempConfigDir();
    const url = running.env.AGENTS_BASE_URL!;
    const login = await runCli(['login', '--base-url', url, '--token-stdin'], {
      configDir: dir,
      stdin: running.env.AGENTS_TOKEN + '\n',
    });
    expect(login.code, login.stderr).toBe(0);
    const file = join(dir, 'config.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      profiles: { default: { baseUrl: url, token: running.env.AGENTS_TOKEN } },
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(login.stdout + login.stderr).not.toContain(running.env.AGENTS_TOKEN);

    const logout = await runCli(['logout', '--json'], { configDir: dir });
    expect(JSON.parse(logout.stdout)).toEqual({ profile: 'default', loggedOut: true });
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default.token).toBeUndefined();
  });

  it('refuses a token the service rejects and saves nothing (exit 4)', async () => {
    const dir = tempConfigDir();
    const login = await runCli(['login', '--base-url', running.env.AGENTS_BASE_URL!, '--token-stdin'], {
      configDir: dir,
      stdin: 'tok_wrong_0123456789\n',
    });
    expect(login.code).toBe(4);
    expect(() => readFileSync(join(dir, 'config.json'))).toThrow();
  });
});
