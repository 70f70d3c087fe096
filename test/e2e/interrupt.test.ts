// Ctrl-C (SIGINT) to the built binary in the middle of a streamed answer.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { assertBuilt, BIN, runBinary } from '../helpers/binary.js';
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
  const id = (
    await runBinary(['create', '-q', '--name', 'Slow', '--description', 'slow', '--llm-model', 'GPT_4'], { env })
  ).stdout.trim();
  assertBuilt();
  const child = spawn(process.execPath, [BIN, 'invoke', id, 'take your time [[slow]]'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    const first = stdout === '';
    stdout += chunk.toString();
    if (first) setTimeout(() => child.kill('SIGINT'), 120);
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code).toBe(130);
  expect(stdout.startsWith('You said:')).toBe(true);
  expect(stdout.endsWith('\n')).toBe(true);
  // Partial: the whole answer is 20 tokens; at 50 ms each it cannot have finished.
  expect(stdout.length).toBeLessThan(
    'You said: "take your time [[slow]]".\nThis is turn 1 of the session — it is 21°C and sunny in the emulator.\n'
      .length,
  );
  expect(stderr).toContain('interrupted');
  expect(stderr).not.toMatch(/\n\s+at /);
});
