// The emulator's in-memory records, shaped like the real service's Prisma models.
import { randomUUID } from 'node:crypto';
import { SEED } from './seed.js';

export type LinkKind = 'tool' | 'datasource' | 'llm';

export interface AgentRow {
  id: string;
  type: 'SUPERAGENT';
  name: string;
  avatar: string | null;
  initialMessage: string | null;
  description: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  llmModel: string | null;
  prompt: string | null;
  apiUserId: string;
  metadata: unknown;
  outputSchema: string | null;
}

export interface LinkRow {
  agentId: string;
  targetId: string;
  createdAt: string;
  updatedAt: string;
}

const catalogs = {
  tool: SEED.tools as ReadonlyArray<{ id: string; name: string }>,
  datasource: SEED.datasources as ReadonlyArray<{ id: string; name: string }>,
  llm: SEED.llms as ReadonlyArray<{ id: string; provider: string }>,
};

export const linkKey: Record<LinkKind, 'toolId' | 'datasourceId' | 'llmId'> = { tool: 'toolId', datasource: 'datasourceId', llm: 'llmId' };

export class Store {
  readonly agents = new Map<string, AgentRow>();
  private readonly links: Record<LinkKind, Map<string, LinkRow[]>> = { tool: new Map(), datasource: new Map(), llm: new Map() };
  /** Conversation memory, keyed as the real service keys it: agt_<agentId>_<sessionId or ''>. */
  readonly memory = new Map<string, string[]>();

  createAgent(fields: Partial<AgentRow>): AgentRow {
    const now = new Date().toISOString();
    const row: AgentRow = {
      id: randomUUID(),
      type: 'SUPERAGENT',
      name: String(fields.name),
      avatar: fields.avatar ?? null,
      initialMessage: fields.initialMessage ?? null,
      description: fields.description ?? 'a helpful agent.',
      isActive: fields.isActive ?? true,
      createdAt: now,
      updatedAt: now,
      llmModel: fields.llmModel ?? 'GPT_3_5_TURBO_16K_0613',
      prompt: fields.prompt ?? null,
      apiUserId: SEED.apiUserId,
      metadata: fields.metadata ?? null,
      outputSchema: fields.outputSchema ?? null,
    };
    this.agents.set(row.id, row);
    return row;
  }

  updateAgent(id: string, fields: Partial<AgentRow>): AgentRow | undefined {
    const row = this.agents.get(id);
    if (!row) return undefined;
    Object.assign(row, fields, { updatedAt: new Date().toISOString() });
    return row;
  }

  deleteAgent(id: string): AgentRow | undefined {
    const row = this.agents.get(id);
    if (!row) return undefined;
    this.agents.delete(id);
    for (const kind of Object.keys(this.links) as LinkKind[]) this.links[kind].delete(id);
    return row;
  }

  catalog(kind: LinkKind): ReadonlyArray<{ id: string }> {
    return catalogs[kind];
  }

  findInCatalog(kind: LinkKind, id: string): Record<string, unknown> | undefined {
    return catalogs[kind].find((entry) => entry.id === id) as Record<string, unknown> | undefined;
  }

  linksOf(kind: LinkKind, agentId: string): LinkRow[] {
    return this.links[kind].get(agentId) ?? [];
  }

  /** False when the link already exists. */
  addLink(kind: LinkKind, agentId: string, targetId: string): LinkRow | false {
    const rows = this.linksOf(kind, agentId);
    if (rows.some((row) => row.targetId === targetId)) return false;
    const now = new Date().toISOString();
    const row = { agentId, targetId, createdAt: now, updatedAt: now };
    this.links[kind].set(agentId, [...rows, row]);
    return row;
  }

  removeLink(kind: LinkKind, agentId: string, targetId: string): boolean {
    const rows = this.linksOf(kind, agentId);
    const kept = rows.filter((row) => row.targetId !== targetId);
    this.links[kind].set(agentId, kept);
    return kept.length !== rows.length;
  }

  /** A link row as the service shows it: {agentId, toolId, createdAt, updatedAt, agent, tool}. */
  linkRecord(kind: LinkKind, row: LinkRow, withTarget: boolean): Record<string, unknown> {
    const target = withTarget ? (this.findInCatalog(kind, row.targetId) ?? null) : null;
    return { agentId: row.agentId, [linkKey[kind]]: row.targetId, createdAt: row.createdAt, updatedAt: row.updatedAt, agent: null, [kind]: target };
  }
}
