// `agents list`: the links the service's list leaves out are not shown as none, and a person at a
// terminal is told when the list stops at --limit.
import { describe, expect, it } from 'vitest';
import { useEmulatorEnv } from '../../../../test/helpers/emulator-env.js';
import { KEY, python, runInPty } from '../../../../test/helpers/pty.js';
import { runCli } from '../../../../test/helpers/run-cli.js';

const running = useEmulatorEnv();
const agents = (...argv: string[]) => runCli(argv, { env: running.env });

describe('list', () => {
  it('--json leaves out the tools the legacy list does not carry, instead of saying null', async () => {
    const id = (
      await agents('create', '-q', '--name', 'Tooled', '--description', 'd', '--llm-model', 'GPT_4')
    ).stdout.trim();
    const tool = (
      await agents('tools', 'create', '-q', '--name', 'search', '--type', 'FUNCTION', '--description', 'd')
    ).stdout.trim();
    expect((await agents('add-tool', id, tool)).code).toBe(0);
    const listed = JSON.parse((await agents('list', '--json')).stdout) as Array<Record<string, unknown>>;
    const item = listed.find((agent) => agent.id === id)!;
    expect(item).not.toHaveProperty('tools');
    expect(item).not.toHaveProperty('datasources');
    expect(JSON.parse((await agents('get', id, '--json')).stdout).tools).toHaveLength(1);
  });

  it.skipIf(!python())(
    'on a terminal, a list cut at --limit says how many there are and how to see them all',
    async () => {
      for (let i = 0; i < 6; i++)
        expect(
          (await agents('create', '-q', '--name', `Many ${i}`, '--description', 'd', '--llm-model', 'GPT_4')).code,
        ).toBe(0);
      const total = (JSON.parse((await agents('list', '--all', '--json')).stdout) as unknown[]).length;
      const cut = await runInPty(
        ['list', '--limit', '3'],
        [{ expect: 'for every agent', send: KEY.enter }],
        running.env,
      );
      expect(cut.failure, cut.screen).toBeNull();
      expect(cut.screen).toContain(`3 of ${total}; --all for every agent`);
      // Off a terminal, a script gets what it asked for and no words about it.
      const piped = await agents('list', '--limit', '3');
      expect(piped.stderr).toBe('');
      const whole = await runInPty(['list', '--all'], [], running.env);
      expect(whole.screen).not.toContain('--all for every agent');
    },
  );
});
