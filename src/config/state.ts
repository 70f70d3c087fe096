// Local state under the config folder: the last session used with each agent
// (for invoke --continue) and the agents this machine has seen (for completion).
import { join } from 'node:path';
import { withFileLock } from './file-lock.js';
import { assertWritable, ensurePrivateDir, writeStateObject } from './json-file.js';
import { readJsonObject } from './json-read.js';

export interface KnownAgent {
  name?: string;
  lastSession?: string;
  lastUsed?: string;
}

const STATE_NAME = 'state';

export class StateStore {
  readonly file: string;
  /** True once a corrupt file was found: it is read as empty and replaced on the next write. */
  startedAfresh = false;

  /** state.json is a cache: a corrupt one is reported through warn and started afresh. */
  constructor(
    readonly dir: string,
    private readonly warn: (message: string) => void = () => {},
  ) {
    this.file = join(dir, `${STATE_NAME}.json`);
  }

  agents(): Record<string, KnownAgent> {
    return agentsOf(this.read());
  }

  private read(): Record<string, unknown> {
    return readJsonObject(this.file, (reason) => {
      if (!this.startedAfresh) this.warn(`${this.file} is not valid (${reason}); starting it afresh (it only remembers names and sessions)`);
      this.startedAfresh = true;
    });
  }

  rememberAgent(id: string, change: Partial<KnownAgent>, now = new Date()): Promise<void> {
    return this.rememberAgents({ [id]: change }, now);
  }

  /** Records what this machine learnt of some agents, in one write (apply records hundreds). */
  rememberAgents(changes: Record<string, Partial<KnownAgent>>, now = new Date()): Promise<void> {
    return this.change((agents) => {
      for (const [id, change] of Object.entries(changes)) agents[id] = { ...agents[id], ...change, lastUsed: now.toISOString() };
      return true;
    });
  }

  forgetAgent(id: string): Promise<void> {
    return this.change((agents) => id in agents && delete agents[id]);
  }

  /** Read, change and write under the lock: parallel invocations each keep their entry. */
  private async change(apply: (agents: Record<string, KnownAgent>) => boolean): Promise<void> {
    ensurePrivateDir(this.dir);
    assertWritable(this.file);
    await withFileLock(this.file, async () => {
      const raw = this.read();
      const agents = agentsOf(raw);
      if (apply(agents)) await writeStateObject(this.dir, STATE_NAME, { ...raw, agents });
    });
  }
}

function agentsOf(raw: Record<string, unknown>): Record<string, KnownAgent> {
  const agents = raw.agents;
  return typeof agents === 'object' && agents !== null && !Array.isArray(agents) ? { ...(agents as Record<string, KnownAgent>) } : {};
}
