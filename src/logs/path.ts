// Where the run log lives: AGENTS_LOGS_DB; else beside config.json when AGENTS_CONFIG_DIR moves the
// CLI's files (tests, sandboxes); else the per-user data folder: $XDG_DATA_HOME/agents/logs.db,
// ~/.local/share/agents/logs.db, ~/Library/Application Support/agents on macOS, %LOCALAPPDATA% on Windows.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function logsDbPath(env: Record<string, string | undefined>): string {
  if (env.AGENTS_LOGS_DB) return env.AGENTS_LOGS_DB;
  if (env.AGENTS_CONFIG_DIR) return join(env.AGENTS_CONFIG_DIR, 'logs.db');
  const home = env.HOME || homedir();
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'agents', 'logs.db');
  if (process.platform === 'darwin' && !env.XDG_DATA_HOME)
    return join(home, 'Library', 'Application Support', 'agents', 'logs.db');
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'agents', 'logs.db');
}
