// The live MCP sessions of `mcp serve --http`: at most a number at once, and each closed once no
// request has used it for a while, so clients that vanish without a DELETE leave nothing running.

interface Live {
  close(): Promise<unknown>;
}

export class SessionTable<S extends Live> {
  private readonly live = new Map<string, { session: S; usedAt: number }>();

  constructor(
    readonly max: number,
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get full(): boolean {
    return this.live.size >= this.max;
  }

  add(id: string, session: S): void {
    this.live.set(id, { session, usedAt: this.now() });
  }

  /** The session, marked as used now; undefined when there is none of that id. */
  use(id: string): S | undefined {
    const entry = this.live.get(id);
    if (entry) entry.usedAt = this.now();
    return entry?.session;
  }

  delete(id: string): void {
    this.live.delete(id);
  }

  /** Closes the sessions unused for the idle time; says how many. */
  closeIdle(): number {
    const before = this.now() - this.idleMs;
    const idle = [...this.live].filter(([, entry]) => entry.usedAt < before);
    for (const [id, { session }] of idle) {
      this.live.delete(id);
      void session.close();
    }
    return idle.length;
  }

  closeAll(): void {
    for (const { session } of this.live.values()) void session.close();
    this.live.clear();
  }
}
