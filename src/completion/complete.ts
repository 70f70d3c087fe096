// `agents __complete agents|tools|datasources|llms|profiles`: the dynamic candidates shell completion asks for on
// every TAB. It reads local files only (never the network) and loads no dependency.
import { configDir } from '../config/paths.js';
import { readJsonObject } from '../config/json-read.js';
import { mostRecentFirst } from '../config/recency.js';
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
    case 'agents':
    case 'tools':
    case 'datasources':
    case 'llms':
      return knownCandidates((read('state.json')[what] ?? {}) as Record<string, { name?: unknown; lastUsed?: unknown }>);
    case 'profiles': {
      const profiles = read('config.json').profiles;
      return Object.keys(typeof profiles === 'object' && profiles ? profiles : {});
    }
    default:
      return [];
  }
}

/** A name the shells can insert as one word without quoting. */
const PLAIN_NAME = /^[\w.@+-]+$/;

/**
 * Most recently used first: each id with its name as the description, then each name that is one
 * plain word with its id (references accept either). A name with spaces is still shown beside its id.
 */
function knownCandidates(known: Record<string, { name?: unknown; lastUsed?: unknown }>): string[] {
  const recent = Object.entries(known).sort(mostRecentFirst);
  const nameOf = (entry: { name?: unknown }) => (typeof entry?.name === 'string' && entry.name ? entry.name.replace(/[\t\n\r]/g, ' ') : undefined);
  const ids = recent.map(([id, entry]) => (nameOf(entry) ? `${id}\t${nameOf(entry)}` : id));
  const names = recent.flatMap(([id, entry]) => {
    const name = nameOf(entry);
    return name && PLAIN_NAME.test(name) ? [`${name}\t${id}`] : [];
  });
  return [...ids, ...new Set(names)];
}
