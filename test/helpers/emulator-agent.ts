// An in-process emulator with one agent (created in this process: the setting of terminal tests).
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli, tempConfigDir } from './run-cli.js';

export interface EmulatorWithAgent {
  emulator: RunningEmulator;
  /** AGENTS_CONFIG_DIR, AGENTS_BASE_URL and AGENTS_TOKEN for the binary. */
  env: Record<string, string>;
  agentId: string;
}

export async function emulatorWithAgent(name: string, tokenDelayMs: number): Promise<EmulatorWithAgent> {
  const emulator = await startEmulator({ tokenDelayMs });
  const env = { AGENTS_CONFIG_DIR: tempConfigDir(), AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token };
  const created = await runCli(['create', '-q', '--name', name, '--description', 'd', '--llm-model', 'GPT_4'], {
    env,
  });
  return { emulator, env, agentId: created.stdout.trim() };
}
