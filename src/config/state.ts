// Local state under the config folder: the last session used with each agent (for invoke
// --continue), and the agents, tools, datasources and LLMs this machine has seen, with their
// names (for completion). Each service (profile and base URL) has its own records.
import { join } from 'node:path';
import { withFileLock } from './file-lock.js';
import { assertWritable, ensurePrivateDir, writeStateObject } from './json-file.js';
import { readJsonObject } from './json-read.js';
import { mostRecentFirst } from './recency.js';
import { objectOr, scopedRecords, withScopedRecords } from './service-scope.js';

export interface KnownAgent {
  name?: string;
  lastSession?: string;
  lastUsed?: string;
}

/** A tool, datasource or LLM seen here: what completion offers besides its id. */
interface KnownResource {
  name?: string;
  lastUsed?: string;
}

/** A kind's plural (tools, datasources, llms): the section its records are kept under. */
export type ResourceSection = string;

const STATE_NAME = 'state';
/** Completion needs the recent ones; a list of thousands must not make every write slow. */
const MOST_KEPT = 200;
/**
 * Agents keep their last session too (for invoke -c), so more of them are kept; but not all: a
 * CI machine that creates an agent per run would grow the file, and every write of it, forever.
 */
export const MOST_AGENTS_KEPT = 1000;

export class StateStore {
  readonly file: string;
  /** True once a corrupt file was found: it is read as empty and replaced on the next write. */
  startedAfresh = false;

  /** state.json is a cache: a corrupt one is reported through warn and started afresh. `scope` is serviceScope(). */
  constructor(
    readonly dir: string,
    readonly scope: string,
    private readonly warn: (message: string) => void = () => {},
  ) {
    this.file = join(dir, `${STATE_NAME}.json`);
  }

  agents(): Record<string, KnownAgent> {
    return sectionOf(scopedRecords(this.read(), this.scope), 'agents');
  }

  private read(): Record<string, unknown> {
    return readJsonObject(this.file, (reason) => {
      if (!this.startedAfresh)
        this.warn(`${this.file} is not valid (${reason}); starting it afresh (it only remembers names and sessions)`);
      this.startedAfresh = true;
    });
  }

  rememberAgent(id: string, change: Partial<KnownAgent>, now = new Date()): Promise<void> {
    return this.rememberAgents({ [id]: change }, now);
  }

  /** Records what this machine learnt of some agents, in one write (apply records hundreds). */
  rememberAgents(changes: Record<string, Partial<KnownAgent>>, now = new Date()): Promise<void> {
    return this.change<KnownAgent>((agents) => {
      for (const [id, change] of Object.entries(changes))
        agents[id] = { ...agents[id], ...change, lastUsed: now.toISOString() };
      keepMostRecent(agents, MOST_AGENTS_KEPT);
      return true;
    });
  }

  /**
   * The names of records a list showed: new ones and renamed ones are recorded, without marking
   * any as used (a list is no use of each agent), and nothing is written when nothing changed, so
   * listing the same agents again costs no write. At most `limit` are kept, as for every section.
   */
  learnNames(section: ResourceSection, names: Record<string, string | undefined>): Promise<void> {
    const limit = section === 'agents' ? MOST_AGENTS_KEPT : MOST_KEPT;
    const learn = (known: Record<string, KnownResource>) => {
      let changed = false;
      for (const [id, name] of Object.entries(names)) {
        if (id in known && known[id]!.name === name) continue;
        if (!(id in known) && Object.keys(known).length >= limit) break;
        known[id] = { ...known[id], ...(name ? { name } : {}) };
        changed = true;
      }
      return changed;
    };
    // Known already (the usual second list): no lock taken, nothing written.
    if (!learn(sectionOf(scopedRecords(this.read(), this.scope), section))) return Promise.resolve();
    return this.change(learn, section);
  }

  forgetAgent(id: string): Promise<void> {
    return this.change((agents) => id in agents && delete agents[id]);
  }

  /** Records the names of tools, datasources or LLMs just seen, keeping the most recent. */
  rememberResources(
    section: ResourceSection,
    names: Record<string, string | undefined>,
    now = new Date(),
  ): Promise<void> {
    return this.change((known: Record<string, KnownResource>) => {
      if (Object.keys(names).length === 0) return false;
      for (const [id, name] of Object.entries(names))
        known[id] = { ...(name ? { name } : {}), lastUsed: now.toISOString() };
      keepMostRecent(known, MOST_KEPT);
      return true;
    }, section);
  }

  forgetResource(section: ResourceSection, id: string): Promise<void> {
    return this.change((known) => id in known && delete known[id], section);
  }

  /** The records of a section (`agents`, or a kind's plural) this machine knows, by id. */
  known(section: ResourceSection): Record<string, KnownResource> {
    return sectionOf<KnownResource>(scopedRecords(this.read(), this.scope), section);
  }

  /** Whether the one-time notice `key` was given on this machine (any service). */
  noticeGiven(key: string): boolean {
    return key in objectOr(this.read().notices);
  }

  /** Records the one-time notice `key` as given. */
  async markNoticeGiven(key: string, now = new Date()): Promise<void> {
    ensurePrivateDir(this.dir);
    assertWritable(this.file);
    await withFileLock(this.file, async () => {
      const raw = this.read();
      const notices = objectOr(raw.notices);
      if (key in notices) return;
      await writeStateObject(this.dir, STATE_NAME, { ...raw, notices: { ...notices, [key]: now.toISOString() } });
    });
  }

  /** Read, change and write under the lock: parallel invocations each keep their entry. */
  private async change<T>(
    apply: (entries: Record<string, T>) => boolean,
    section: ResourceSection = 'agents',
  ): Promise<void> {
    ensurePrivateDir(this.dir);
    assertWritable(this.file);
    await withFileLock(this.file, async () => {
      const raw = this.read();
      const records = scopedRecords(raw, this.scope);
      const entries = sectionOf<T>(records, section);
      if (apply(entries))
        await writeStateObject(
          this.dir,
          STATE_NAME,
          withScopedRecords(raw, this.scope, { ...records, [section]: entries }),
        );
    });
  }
}

/** Drops all but the `limit` entries used last. */
function keepMostRecent(entries: Record<string, { lastUsed?: string }>, limit: number): void {
  if (Object.keys(entries).length <= limit) return;
  for (const [id] of Object.entries(entries).sort(mostRecentFirst).slice(limit)) delete entries[id];
}

function sectionOf<T = KnownAgent>(raw: Record<string, unknown>, section: string): Record<string, T> {
  const entries = raw[section];
  return typeof entries === 'object' && entries !== null && !Array.isArray(entries)
    ? { ...(entries as Record<string, T>) }
    : {};
}
