// The emulator streams as real models do: one network write per token, a pause between them,
// set by --token-delay (or AGENTS_EMULATOR_TOKEN_DELAY_MS), 0 for the whole answer at once.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, runBinary } from '../helpers/binary.js';

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

async function startBinaryEmulator(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ baseUrl: string; token: string }> {
  child = spawn(process.execPath, [BIN, 'emulator', '--port', '0', '--json', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  for await (const line of createInterface({ input: child.stdout! })) return JSON.parse(line);
  throw new Error('the emulator exited before printing its address');
}

/** Invokes a new agent and records when each chunk of the stream arrived. */
async function chunkTimes({
  baseUrl,
  token,
}: {
  baseUrl: string;
  token: string;
}): Promise<{ times: number[]; text: string }> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/api/v1/agents`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Pace', description: 'd', llmModel: 'GPT_4' }),
  }).then((r) => r.json() as Promise<{ data: { id: string } }>);
  const response = await fetch(`${baseUrl}/api/v1/agents/${created.data.id}/invoke`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ input: 'hi', enableStreaming: true }),
  });
  const times: number[] = [];
  let text = '';
  for await (const chunk of response.body!) {
    times.push(performance.now());
    text += Buffer.from(chunk).toString('utf8');
  }
  return { times, text };
}

describe('the emulator streams token by token', () => {
  it('--token-delay spaces the tokens out, one write each', async () => {
    const { times, text } = await chunkTimes(await startBinaryEmulator(['--token-delay', '60']));
    const frames = text.split('\n\n').filter(Boolean).length;
    expect(frames).toBeGreaterThan(10);
    expect(times.length).toBeGreaterThan(10);
    // A lower bound only: a slow machine makes the gaps longer, never shorter.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((frames - 2) * 60 * 0.8);
  });

  it('AGENTS_EMULATOR_TOKEN_DELAY_MS sets the pause when the flag is not given', async () => {
    const { times, text } = await chunkTimes(await startBinaryEmulator([], { AGENTS_EMULATOR_TOKEN_DELAY_MS: '40' }));
    const frames = text.split('\n\n').filter(Boolean).length;
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((frames - 2) * 40 * 0.8);
  });

  it('an invalid delay is a usage error', async () => {
    for (const value of ['-1', '1.5', 'soon']) {
      const result = await runBinary(['emulator', '--port', '0', '--token-delay', value]);
      expect(result.code, value).toBe(2);
      expect(result.stderr, value).toMatch(/^error: --token-delay must be/);
    }
  });
});
