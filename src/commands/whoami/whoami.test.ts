// `agents whoami`: the user the token belongs to, never the token.
import { describe, expect, it } from 'vitest';
import { useEmulatorEnv } from '../../../test/helpers/emulator-env.js';
import { runCli } from '../../../test/helpers/run-cli.js';

const running = useEmulatorEnv();

describe('whoami', () => {
  it('shows the user, the profile and the address, and never the token', async () => {
    const result = await runCli(['whoami'], { env: running.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/user\s+7c0d5b1e-/);
    expect(result.stdout).toMatch(/profile\s+default/);
    expect(JSON.parse((await runCli(['whoami', '--json'], { env: running.env })).stdout)).toMatchObject({
      profile: 'default',
      baseUrl: running.env.AGENTS_BASE_URL,
    });
    expect(result.stdout + result.stderr).not.toContain(running.env.AGENTS_TOKEN);
  });
});
