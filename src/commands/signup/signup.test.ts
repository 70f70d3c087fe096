// `agents signup` against the emulator: a new user whose token the profile keeps, as login does.
import { describe, expect, it } from 'vitest';
import { useEmulatorEnv } from '../../../test/helpers/emulator-env.js';
import { runCli, tempConfigDir } from '../../../test/helpers/run-cli.js';

const running = useEmulatorEnv();

describe('signup', () => {
  it('creates a user, saves its token in the profile and whoami then names that user', async () => {
    const dir = tempConfigDir();
    const url = running.env.AGENTS_BASE_URL!;
    const signup = await runCli(
      ['signup', '--email', 'new@example.com', '--base-url', url, '--profile', 'dev', '--json'],
      { configDir: dir },
    );
    expect(signup.code, signup.stderr).toBe(0);
    const created = JSON.parse(signup.stdout);
    expect(created).toMatchObject({ email: 'new@example.com', profile: 'dev' });
    expect(signup.stdout).not.toMatch(/"token"/);
    const me = JSON.parse((await runCli(['whoami', '--profile', 'dev', '--json'], { configDir: dir })).stdout);
    expect(me).toMatchObject({ id: created.id, email: 'new@example.com', profile: 'dev' });
  });
});
