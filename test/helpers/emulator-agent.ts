// Agents for a test's setting, made with `agents create` in this process (the binary's start is not
// what such a test tests), and an in-process emulator with one (the setting of terminal tests).
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
  return { emulator, env, agentId: await createAgent(env, name) };
}

/** An agent made with `agents create` in this process, in the config folder of `env`: its id. */
export async function createAgent(env: Record<string, string>, name: string, description = 'd'): Promise<string> {
  const created = await runCli(['create', '-q', '--name', name, '--description', description, '--llm-model', 'GPT_4'], {
    env,
  });
  if (created.code !== 0) throw new Error(`agents create failed: ${created.stderr}`);
  return created.stdout.trim();
}
