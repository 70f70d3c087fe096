// `agents __complete agents|profiles`: the dynamic candidates shell completion asks for on
// every TAB. It reads local files only (never the network) and loads no dependency.
import { configDir } from '../config/paths.js';
import { readJsonObject } from '../config/json-read.js';
import { join } from 'node:path';

/** One candidate per line, `value<TAB>description` where there is a description. */
export function completionCandidates(what: string | undefined, env: Record<string, string | undefined>): string[] {
  const dir = configDir(env);
  const read = (name: string) => {
    try {
      return readJsonObject(join(dir, name));
    } catch {
      return {}; // a corrupt file must not break the shell
    }
  };
  switch (what) {
    case 'agents': {
      const agents = (read('state.json').agents ?? {}) as Record<string, { name?: unknown; lastUsed?: unknown }>;
      return Object.entries(agents)
        .sort(([, a], [, b]) => String(b.lastUsed ?? '').localeCompare(String(a.lastUsed ?? '')))
        .map(([id, agent]) => (typeof agent?.name === 'string' && agent.name ? `${id}\t${agent.name.replace(/[\t\n]/g, ' ')}` : id));
    }
    case 'profiles': {
      const profiles = read('config.json').profiles;
      return Object.keys(typeof profiles === 'object' && profiles ? profiles : {});
    }
    default:
      return [];
  }
}
