// Ctrl-C (SIGINT) to the built binary in the middle of a streamed answer.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { sqliteAvailable } from '../../src/logs/sqlite.js';
import { assertBuilt, BIN, runBinary } from '../helpers/binary.js';
import { createAgent } from '../helpers/emulator-agent.js';
import { tempConfigDir } from '../helpers/run-cli.js';

let emulator: RunningEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  emulator = await startEmulator();
  env = {
    PATH: process.env.PATH ?? '',
    AGENTS_CONFIG_DIR: tempConfigDir(),
    AGENTS_BASE_URL: emulator.url,
    AGENTS_TOKEN: emulator.token,
  };
});
afterAll(() => emulator.close());

it('SIGINT mid-stream exits 130 and keeps the partial answer on stdout', async () => {
  const id = await createAgent(env, 'Slow', 'slow');
  const { code, stdout, stderr } = await invokeStoppedBy('SIGINT', id);
  expect(code).toBe(130);
  expect(stdout.startsWith('You')).toBe(true);
  expect(stdout.endsWith('\n')).toBe(true);
  // Partial: stopped at the first piece of a 20-token answer.
  expect(stdout.length).toBeLessThan(
    'You said: "take your time [[slow]]".\nThis is turn 1 of the session — it is 21°C and sunny in the emulator.\n'
      .length,
  );
  expect(stderr).toContain('interrupted');
  expect(stderr).not.toMatch(/\n\s+at /);
});

/** Starts `invoke` on a slow answer and sends `signal` the moment the first piece arrives. */
async function invokeStoppedBy(signal: 'SIGINT' | 'SIGTERM' | 'SIGHUP', id: string, ...flags: string[]) {
  assertBuilt();
  const child = spawn(process.execPath, [BIN, 'invoke', id, 'take your time [[slow]]', ...flags], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    if (stdout === '') child.kill(signal);
    stdout += chunk.toString();
  });
  const [code, diedOf] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (exit, by) => resolve([exit, by])),
  );
  return { code, diedOf, stdout, stderr };
}

it.each([
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const)(
  '%s mid-stream is handled as Ctrl-C is: the newline, a last --events line, the run log; then death by it',
  async (signal, code) => {
    const id = await createAgent(env, `Slow ${signal}`, 'slow');
    const human = await invokeStoppedBy(signal, id);
    expect([human.code, human.diedOf]).toEqual([null, signal]);
    expect(human.stdout).toMatch(/^You[^\n]*\n$/); // the first piece, and the newline
    expect(human.stderr).toMatch(new RegExp(`\\ninterrupted \\(${signal}\\)\\n$`));

    const events = await invokeStoppedBy(signal, id, '--events');
    const last = JSON.parse(events.stdout.trim().split('\n').at(-1)!);
    expect(last).toEqual({ type: 'error', kind: 'interrupted', message: `interrupted (${signal})`, exitCode: code });

    if (!sqliteAvailable()) return; // the run log needs Node 22.13+; older ones keep none
    const runs = JSON.parse((await runBinary(['logs', '-n', '2', '--json'], { env })).stdout);
    expect(runs.map((run: { exitCode: number; error: { kind: string } }) => [run.exitCode, run.error.kind])).toEqual([
      [code, 'interrupted'],
      [code, 'interrupted'],
    ]);
  },
);
