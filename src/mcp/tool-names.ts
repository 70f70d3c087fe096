// An MCP tool name for each agent: what MCP allows (^[a-zA-Z0-9_-]{1,64}$), from the agent's name,
// unique within the list (a clash gets a suffix from the id). Service names are data: anything
// else becomes "_".
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

/** Each agent's tool name, in the agents' order; the first of a name keeps it, later ones get `_<id prefix>`. */
export function toolNames<A extends NamedAgent>(agents: A[]): Array<{ name: string; agent: A }> {
  const taken = new Set<string>();
  return agents.map((agent) => {
    let name = toolNameOf(agent.name);
    const idPart = agent.id.replace(/[^a-zA-Z0-9]/g, '');
    for (let length = 8; taken.has(name) && length <= idPart.length + 8; length += 4) {
      const suffix = `_${idPart.slice(0, length) || taken.size}`;
      name = toolNameOf(agent.name).slice(0, MAX - suffix.length) + suffix;
    }
    taken.add(name);
    return { name, agent };
  });
}
