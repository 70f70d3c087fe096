// `agents __complete <kind's plural>|profiles [PREFIX [WORD…]]`: the dynamic candidates shell
// completion asks for on every TAB. The words of the line typed so far name the service (--profile, --base-url), whose
// records alone are offered. It reads local files only (never the network) and loads no dependency. The names and ids come
// from a service, so they are data: a candidate that holds a control, bidi or zero-width character is dropped (it
// could redraw the user's command line), and the shell scripts read each line as one word, never expanding it.
import { configDir } from '../config/paths.js';
import { readJsonObject } from '../config/json-read.js';
import { mostRecentFirst } from '../config/recency.js';
import { join } from 'node:path';
import { logsDbPath } from '../logs/path.js';
import { loadSqlite } from '../logs/sqlite.js';
import { scopeBaseUrl, scopedRecords, serviceScope } from '../config/service-scope.js';

/** One candidate per line, `value<TAB>description` where there is a description; only those starting with `prefix`. */
export function completionCandidates(
  what: string | undefined,
  env: Record<string, string | undefined>,
  prefix = '',
  words: string[] = [],
): string[] {
  const dir = configDir(env);
  const read = (name: string) => {
    try {
      return readJsonObject(join(dir, name));
    } catch {
      return {}; // a corrupt file must not break the shell
    }
  };
  const candidates = (() => {
    if (what === 'runs') return runCandidates(env);
    if (what === 'profiles') {
      const profiles = read('config.json').profiles;
      return Object.keys(typeof profiles === 'object' && profiles ? profiles : {}).filter(isSafeWord);
    }
    // A kind's section of state.json (agents, tools, …: its plural, as the scripts ask for it). Read
    // by own key, so no word reaches the object's prototype; the registry is not loaded on a TAB.
    const sections = scopedRecords(read('state.json'), scopeOfLine(words, env, read('config.json')));
    if (what === undefined || !Object.hasOwn(sections, what)) return [];
    const section = sections[what];
    if (typeof section !== 'object' || section === null) return []; // a corrupt state.json
    return knownCandidates(section as Record<string, { name?: unknown; lastUsed?: unknown }>);
  })();
  return candidates.filter((line) => line.startsWith(prefix));
}

/** The run log's latest runs (Node 22.13+), each id with its input's first words; nothing on a problem. */
function runCandidates(env: Record<string, string | undefined>): string[] {
  const sqlite = loadSqlite();
  if (!sqlite) return [];
  try {
    const db = new sqlite.DatabaseSync(logsDbPath(env), { readOnly: true, timeout: 100 });
    try {
      return db
        .prepare('SELECT id, substr(input, 1, 200) AS input FROM runs ORDER BY n DESC LIMIT 50')
        .all()
        .map(
          (row) =>
            `${String(row.id)}\t${String(row.input).replace(UNSAFE_ALL, ' ').replace(/\s+/g, ' ').trim().slice(0, 60)}`,
        );
    } finally {
      db.close();
    }
  } catch {
    return []; // no log yet, or one that cannot be read: no candidates, never an error on a TAB
  }
}

// eslint-disable-next-line no-control-regex -- control characters are what it replaces
const UNSAFE_ALL = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

/**
 * Text a shell may offer as a candidate: no character that moves the cursor, hides text or reorders
 * it, and no leading "-": the program would read `--output=x` as an option whatever the quoting
 * (such a record is offered by its id).
 */
const isSafeWord = (text: string) => text !== '' && !text.startsWith('-') && !UNSAFE.test(text);

/**
 * Most recently used first: each id with its name as the description, then each name with its id
 * (references accept either). A name with spaces is one candidate; the shell quotes it.
 */
function knownCandidates(known: Record<string, { name?: unknown; lastUsed?: unknown }>): string[] {
  const recent = Object.entries(known)
    .filter(([id]) => isSafeWord(id))
    .sort(mostRecentFirst);
  const nameOf = (entry: { name?: unknown }) =>
    typeof entry?.name === 'string' && isSafeWord(entry.name) ? entry.name : undefined;
  const ids = recent.map(([id, entry]) => (nameOf(entry) ? `${id}\t${nameOf(entry)}` : id));
  const names = recent.flatMap(([id, entry]) => {
    const name = nameOf(entry);
    return name ? [`${name}\t${id}`] : [];
  });
  return [...ids, ...new Set(names)];
}

/** The service the line being typed talks to: its flags, else the environment, else the profile's saved address. */
function scopeOfLine(
  words: string[],
  env: Record<string, string | undefined>,
  config: Record<string, unknown>,
): string {
  const flag = (name: string) => {
    let value: string | undefined;
    words.forEach((word, index) => {
      if (word === name) value = words[index + 1];
      else if (word.startsWith(`${name}=`)) value = word.slice(name.length + 1);
    });
    return value || undefined;
  };
  const profile = flag('--profile') ?? (env.AGENTS_PROFILE || 'default');
  const profiles = (typeof config.profiles === 'object' && config.profiles ? config.profiles : {}) as Record<
    string,
    { baseUrl?: unknown }
  >;
  const saved = Object.hasOwn(profiles, profile) ? profiles[profile]?.baseUrl : undefined;
  const baseUrl = flag('--base-url') ?? (env.AGENTS_BASE_URL || (typeof saved === 'string' ? saved : undefined));
  return serviceScope(profile, scopeBaseUrl(baseUrl));
}
