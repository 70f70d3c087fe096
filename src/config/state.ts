// Local state under the config folder: the last session used with each agent
// (for invoke --continue) and the agents this machine has seen (for completion).
import { join } from 'node:path';
import { readJsonObject, writeStateObject } from './json-file.js';

export interface KnownAgent {
  name?: string;
  lastSession?: string;
  lastUsed?: string;
}

const STATE_NAME = 'state';

export class StateStore {
  readonly file: string;

  constructor(readonly dir: string) {
    this.file = join(dir, `${STATE_NAME}.json`);
  }

  agents(): Record<string, KnownAgent> {
    const agents = readJsonObject(this.file).agents;
    return typeof agents === 'object' && agents !== null && !Array.isArray(agents)
      ? (agents as Record<string, KnownAgent>)
      : {};
  }

  async rememberAgent(id: string, change: Partial<KnownAgent>, now = new Date()): Promise<void> {
    const raw = readJsonObject(this.file);
    const agents = this.agents();
    agents[id] = { ...agents[id], ...change, lastUsed: now.toISOString() };
    await writeStateObject(this.dir, STATE_NAME, { ...raw, agents });
  }

  async forgetAgent(id: string): Promise<void> {
    const raw = readJsonObject(this.file);
    const agents = this.agents();
    if (!(id in agents)) return;
    delete agents[id];
    await writeStateObject(this.dir, STATE_NAME, { ...raw, agents });
  }
}
