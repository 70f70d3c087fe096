import { homedir } from 'node:os';
import { join } from 'node:path';

/** The folder holding config.json and state.json: AGENTS_CONFIG_DIR, else the per-user config folder. */
export function configDir(env: Record<string, string | undefined>): string {
  if (env.AGENTS_CONFIG_DIR) return env.AGENTS_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'agents');
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'agents');
}
