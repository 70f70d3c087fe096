// The emulator a bench script runs against: the built CLI's, answering at once, and the
// environment that points the CLI at it with a config folder of the script's own.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const bin = fileURLToPath(new URL('../bin/agents.js', import.meta.url));

/** Starts it; `env` for the CLI, `stop` to end it. */
export async function startBenchEmulator(work) {
  const child = spawn(process.execPath, [bin, 'emulator', '--port', '0', '--json'], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, AGENTS_EMULATOR_TOKEN_DELAY_MS: '0' },
  });
  const first = await new Promise((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  const { baseUrl, token } = JSON.parse(first);
  const env = {
    ...process.env,
    AGENTS_CONFIG_DIR: join(work, 'config'),
    AGENTS_BASE_URL: baseUrl,
    AGENTS_TOKEN: token,
  };
  return { env, baseUrl, stop: () => child.kill() };
}
