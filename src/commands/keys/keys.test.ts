// `agents keys list|create|rename|delete` against the emulator.
import { describe, expect, it } from 'vitest';
import { useEmulatorEnv } from '../../../test/helpers/emulator-env.js';
import { runCli } from '../../../test/helpers/run-cli.js';

const running = useEmulatorEnv();
const keys = (...argv: string[]) => runCli(['keys', ...argv], { env: running.env });

describe('keys', () => {
  it('mints a key printed once on stdout, lists it masked, renames and deletes it by name', async () => {
    const created = await keys('create', 'ci', '-q');
    expect(created.code, created.stderr).toBe(0);
    const secret = created.stdout.trim();
    expect(secret.length).toBeGreaterThan(10);
    const list = await keys('list');
    expect(list.stdout).toMatch(/^NAME\s+KEY\s+CREATED\s+ID/);
    expect(list.stdout).toContain('ci');
    expect(list.stdout).not.toContain(secret);
    expect((await keys('rename', 'ci', 'ci-main')).code).toBe(0);
    const deleted = await keys('delete', 'ci-main', '--yes');
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toContain('keeps working');
    expect((await keys('delete', 'ci-main', '--yes')).code).toBe(5);
  });
});
