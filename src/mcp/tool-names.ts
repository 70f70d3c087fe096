// An MCP tool name for each agent: what MCP allows (^[a-zA-Z0-9_-]{1,64}$), from the agent's name,
// unique, and stable for the life of the process: a name once given to an agent stays its own, and
// a later agent of the same name (or one that reappears) never takes it, so a client's call by
// name always reaches the agent it listed. Service names are data: anything else becomes "_".
const MAX = 64;

export interface NamedAgent {
  id: string;
  name?: string | null;
}

function toolNameOf(name: string | null | undefined): string {
  const cleaned = (name ?? '')
    .normalize('NFKD')
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX);
  return cleaned || 'agent';
}

/** The names given so far, kept for the process (every HTTP session shares one book). */
export class ToolNames {
  private readonly byAgent = new Map<string, string>();
  private readonly taken = new Set<string>();

  /**
   * Each agent's tool name, in the agents' order. An agent named before keeps its name; a new one
   * gets its own name when no agent ever had it, else `_<id prefix>`. New agents are named oldest
   * first (a list comes newest first), so the first of a name keeps the plain one.
   */
  assign<A extends NamedAgent>(agents: A[]): Array<{ name: string; agent: A }> {
    for (const agent of [...agents].reverse()) if (!this.byAgent.has(agent.id)) this.give(agent);
    return agents.map((agent) => ({ name: this.byAgent.get(agent.id)!, agent }));
  }

  private give(agent: NamedAgent): void {
    let name = toolNameOf(agent.name);
    const idPart = agent.id.replace(/[^a-zA-Z0-9]/g, '');
    for (let length = 8; this.taken.has(name) && length <= idPart.length + 8; length += 4) {
      const suffix = `_${idPart.slice(0, length) || this.taken.size}`;
      name = toolNameOf(agent.name).slice(0, MAX - suffix.length) + suffix;
    }
    this.taken.add(name);
    this.byAgent.set(agent.id, name);
  }
}
