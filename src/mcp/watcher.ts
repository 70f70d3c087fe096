// --watch: one poller per process, whatever the number of sessions (each HTTP session is a server
// of its own). It lists the agents every so often while anyone listens, and tells each listener
// when the set changed: an agent added, removed, renamed or described anew.
export interface WatchedAgent {
  id: string;
  name?: string | null;
  description?: string | null;
}

export class AgentWatcher {
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  private last: string | undefined;

  constructor(
    private readonly seconds: number,
    private readonly list: () => Promise<WatchedAgent[]>,
  ) {}

  /** Calls `onChange` after each poll that found the set changed; the returned function stops it. */
  subscribe(onChange: () => void): () => void {
    this.listeners.add(onChange);
    if (!this.timer) {
      this.timer = setInterval(() => void this.poll(), this.seconds * 1000);
      this.timer.unref();
    }
    return () => {
      this.listeners.delete(onChange);
      if (this.listeners.size === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
        this.last = undefined;
      }
    };
  }

  private async poll(): Promise<void> {
    const agents = await this.list().catch(() => undefined); // the next tick tries again
    if (!agents) return;
    const now = JSON.stringify(agents.map((agent) => [agent.id, agent.name ?? null, agent.description ?? null]));
    const changed = this.last !== undefined && now !== this.last;
    this.last = now;
    if (changed) for (const listener of this.listeners) listener();
  }
}
