// `create --if-missing`: docs and scripts can run a create twice and get the same record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, startEmulator, type RunningEmulator } from '../../../emulator/server.js';
import { runCli, tempConfigDir } from '../../../../test/helpers/run-cli.js';

let emulator: RunningEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  emulator = await startEmulator({ tokenDelayMs: 0 });
  env = {
    AGENTS_BASE_URL: emulator.url,
    AGENTS_TOKEN: emulator.token,
    AGENTS_LLM_API_KEY: 'sk-if-missing-not-real-0001',
  };
});
afterAll(() => emulator.close());

const ids = async (argv: string[]) =>
  (await runCli([...argv, '-q'], { env })).stdout.trim().split('\n').filter(Boolean);

describe('--if-missing', () => {
  it('create: the second run prints the same agent and creates nothing', async () => {
    const argv = ['create', '--if-missing', '-q', '--name', 'Twice bot', '--description', 'd', '--llm-model', 'GPT_4'];
    const first = await runCli(argv, { env });
    const second = await runCli(argv, { env });
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    const named = JSON.parse((await runCli(['list', '--all', '--json'], { env })).stdout).filter(
      (a: { name: string }) => a.name === 'Twice bot',
    );
    expect(named).toHaveLength(1);
    const loud = await runCli(
      argv.filter((a) => a !== '-q'),
      { env },
    );
    expect(loud.stderr).toContain('Agent Twice bot exists already: nothing created');
  });

  it('tools create matches by name, llms create by provider (the seeded OPENAI LLM)', async () => {
    const before = await ids(['llms', 'list', '--all']);
    const tool = await runCli(['tools', 'create', '--if-missing', '-q', '--name', 'weather', '--type', 'FUNCTION'], {
      env,
    });
    expect(tool.stdout.trim()).toBe(SEED.tools[2].id);
    const llm = await runCli(['llms', 'create', '--if-missing', '-q', '--provider', 'OPENAI'], { env });
    expect(llm).toMatchObject({ code: 0, stdout: `${SEED.llms[0].id}\n` });
    expect(await ids(['llms', 'list', '--all'])).toEqual(before);
  });

  it('two records of that name: exit 2 listing them, nothing created', async () => {
    for (let i = 0; i < 2; i++) await runCli(['tools', 'create', '-q', '--name', 'dup', '--type', 'FUNCTION'], { env });
    const result = await runCli(['tools', 'create', '--if-missing', '--name', 'dup', '--type', 'FUNCTION'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('2 tools are already named "dup"');
    expect((await ids(['tools', 'list', '--all'])).length).toBe(SEED.tools.length + 2);
  });

  it('without it, a create of a name this machine knows warns naming the other record, and creates', async () => {
    const argv = ['create', '-q', '--name', 'Zbot', '--description', 'd', '--llm-model', 'GPT_4'];
    const configDir = tempConfigDir();
    const first = await runCli(argv, { env, configDir });
    expect(first.stderr).toBe('');
    const sent = emulator.requests.length;
    const second = await runCli(argv, { env, configDir });
    expect(emulator.requests.length - sent).toBe(1); // the create alone: the names are this machine's
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^\S+\n$/);
    expect(second.stdout).not.toBe(first.stdout);
    expect(second.stderr).toBe(
      `warning: 1 other agent is named "Zbot" (${first.stdout.trim()}): a reference by that name is now ambiguous; --if-missing creates only when none is\n`,
    );
  });
});
