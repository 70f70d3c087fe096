// every error a newcomer meets first names the next step to take.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../helpers/run-cli.js';

let emulator: RunningEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  emulator = await startEmulator({ tokenDelayMs: 0 });
  env = { AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token };
});
afterAll(() => emulator.close());

/** A loopback port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('errors that say what to do next', () => {
  it('no service address: login, the flag, the variable, or the emulator', async () => {
    const result = await runCli(['list']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/agents login --base-url URL.*--base-url.*AGENTS_BASE_URL.*agents emulator/s);
  });

  it('no token: login, AGENTS_TOKEN, or the emulator that prints one', async () => {
    const result = await runCli(['list'], { env: { AGENTS_BASE_URL: emulator.url } });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/agents login.*AGENTS_TOKEN.*agents emulator/s);
  });

  it('an unreachable service: the address tried, and how to change it', async () => {
    const port = await closedPort();
    const result = await runCli(['list'], {
      env: { AGENTS_BASE_URL: `http://127.0.0.1:${port}/api/v1`, AGENTS_TOKEN: 'tok_next_steps_0123456789' },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`could not connect to http://127.0.0.1:${port}: connection refused`);
    expect(result.stderr).toMatch(
      /agents status.*--base-url.*AGENTS_BASE_URL.*agents login --base-url URL.*agents emulator/s,
    );
  });

  it('an unknown name: `agents list` shows them', async () => {
    const result = await runCli(['get', 'No such agent'], { env });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('`agents list` shows them');
  });

  it('a prefix under 4 characters: the rule', async () => {
    const created = await runCli(
      ['create', '-q', '--name', 'Prefix bot', '--description', 'd', '--llm-model', 'GPT_4'],
      { env },
    );
    const result = await runCli(['get', created.stdout.trim().slice(0, 3)], { env });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('An id prefix needs 4 characters or more: `agents list` shows the ids.');
  });

  it('a wrong model: `agents models`', async () => {
    const result = await runCli(['create', '--name', 'x', '--description', 'd', '--llm-model', 'GPT-4'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('`agents models` lists them');
  });
});
