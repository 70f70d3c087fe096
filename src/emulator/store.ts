// The emulator's in-memory records, shaped like the real service's Prisma models.
import { Accounts } from './accounts.js';
import { randomUUID } from 'node:crypto';
import { attachKey } from '../resources/descriptor.js';
import { ATTACH_KINDS, ATTACHABLE, type AttachKind } from '../resources/registry.js';
import { pythonTimestamp, SEED } from './seed.js';
import { byCodeUnits } from '../util/code-unit-order.js';

export type LinkKind = AttachKind;

export const AGENT_TYPES = ['SUPERAGENT', 'OPENAI_ASSISTANT', 'LLM'] as const;

export interface AgentRow {
  id: string;
  type: (typeof AGENT_TYPES)[number];
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

export type CatalogRecord = { id: string; createdAt: string } & Record<string, unknown>;

const seedOf = (plural: string): readonly CatalogRecord[] =>
  (SEED as unknown as Record<string, readonly CatalogRecord[] | undefined>)[plural] ?? [];

/** Each emulator's own copy of the seeded records, which its users may change. */
const seeded = (records: readonly CatalogRecord[]) => new Map(records.map((record) => [record.id, { ...record }]));

export class Store {
  readonly agents = new Map<string, AgentRow>();
  readonly accounts: Accounts;
  private readonly links = Object.fromEntries(ATTACH_KINDS.map((kind) => [kind, new Map()])) as Record<
    LinkKind,
    Map<string, LinkRow[]>
  >;
  // A kind the seed has no records of starts empty.
  private readonly catalogs = Object.fromEntries(
    ATTACHABLE.map((resource) => [resource.kind, seeded(seedOf(resource.plural))]),
  ) as Record<LinkKind, Map<string, CatalogRecord>>;
  /** Conversation memory, keyed as the real service keys it: agt_<agentId>_<sessionId or ''>. */
  readonly memory = new Map<string, string[]>();

  /** `token` is the built-in one, the seeded user's. */
  constructor(token: string) {
    this.accounts = new Accounts(token);
  }

  createAgent(fields: Partial<AgentRow>): AgentRow {
    const now = pythonTimestamp();
    const row: AgentRow = {
      id: randomUUID(),
      type: fields.type ?? 'SUPERAGENT',
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
    Object.assign(row, fields, { updatedAt: pythonTimestamp() });
    return row;
  }

  deleteAgent(id: string): AgentRow | undefined {
    const row = this.agents.get(id);
    if (!row) return undefined;
    this.agents.delete(id);
    for (const kind of Object.keys(this.links) as LinkKind[]) this.links[kind].delete(id);
    return row;
  }

  /** Newest first, as the real list routes order them (createdAt desc). */
  catalog(kind: LinkKind): CatalogRecord[] {
    return [...this.catalogs[kind].values()].sort((a, b) => byCodeUnits(b.createdAt, a.createdAt));
  }

  findInCatalog(kind: LinkKind, id: string): CatalogRecord | undefined {
    return this.catalogs[kind].get(id);
  }

  /** The caller's LLM for a provider, the first the database returns (agents.py:92-94). */
  llmOfProvider(provider: string): CatalogRecord | undefined {
    return [...this.catalogs.llm.values()].find((entry) => entry.provider === provider);
  }

  addToCatalog(kind: LinkKind, fields: Record<string, unknown>): CatalogRecord {
    const now = pythonTimestamp();
    const record: CatalogRecord = {
      id: randomUUID(),
      ...fields,
      createdAt: now,
      updatedAt: now,
      apiUserId: SEED.apiUserId,
      apiUser: null,
    };
    this.catalogs[kind].set(record.id, record);
    return record;
  }

  updateInCatalog(kind: LinkKind, id: string, fields: Record<string, unknown>): CatalogRecord | undefined {
    const record = this.catalogs[kind].get(id);
    if (!record) return undefined;
    Object.assign(record, fields, { updatedAt: pythonTimestamp(), apiUserId: SEED.apiUserId });
    return record;
  }

  /** Deletes the record and its links to agents (tools.py:178, datasources.py:208). */
  removeFromCatalog(kind: LinkKind, id: string): boolean {
    if (!this.catalogs[kind].delete(id)) return false;
    for (const [agentId, rows] of this.links[kind])
      this.links[kind].set(
        agentId,
        rows.filter((row) => row.targetId !== id),
      );
    return true;
  }

  linksOf(kind: LinkKind, agentId: string): LinkRow[] {
    return this.links[kind].get(agentId) ?? [];
  }

  /** False when the link already exists. */
  addLink(kind: LinkKind, agentId: string, targetId: string): LinkRow | false {
    const rows = this.linksOf(kind, agentId);
    if (rows.some((row) => row.targetId === targetId)) return false;
    const now = pythonTimestamp();
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

  /** A link row as the service shows it: {agentId, toolId, createdAt, updatedAt, agent, tool}, the record whole when loaded. */
  linkRecord(kind: LinkKind, row: LinkRow, withTarget: boolean): Record<string, unknown> {
    const found = withTarget ? this.findInCatalog(kind, row.targetId) : undefined;
    const target = found ? { ...found } : null;
    return {
      agentId: row.agentId,
      [attachKey({ kind })]: row.targetId,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      agent: null,
      [kind]: target,
    };
  }
}
