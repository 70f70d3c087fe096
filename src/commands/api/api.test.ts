// `agents api`: any path under /api/v1 with the profile's token, the answer printed as it came.
import { describe, expect, it } from 'vitest';
import { useEmulatorEnv } from '../../../test/helpers/emulator-env.js';
import { runCli } from '../../../test/helpers/run-cli.js';

const running = useEmulatorEnv();
const api = (...argv: string[]) => runCli(['api', ...argv], { env: running.env });

describe('api', () => {
  it('GETs a path and POSTs fields, printing the service envelope', async () => {
    const me = await api('api-users/me');
    expect(me.code, me.stderr).toBe(0);
    expect(JSON.parse(me.stdout)).toMatchObject({ success: true, data: { email: 'emulator@localhost' } });
    const created = await api('-X', 'POST', 'tools', '-f', 'name=clock', '-f', 'type=FUNCTION');
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ data: { name: 'clock', type: 'FUNCTION' } });
  });

  it('exits with the code of a failed request and prints its body (5 for a 404)', async () => {
    const missing = await api('agents/0b6f9f2e-0000-4000-8000-00000000ffff');
    expect(missing.code).toBe(5);
  });
});
