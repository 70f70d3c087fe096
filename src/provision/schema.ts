// The provisioning file: the agents that should exist, with their fields and the ids of
// their tools, datasources and LLMs. The agent fields are those of create (one schema).
import * as z from 'zod/mini';
import { agentFieldsSchema, text } from '../commands/agent-fields.js';

const ids = z.array(z.string({ error: 'must be an id (a string)' }).check(z.minLength(1, 'an id must not be empty')), { error: 'must be a list of ids' });

export const desiredAgentSchema = z.strictObject({
  /** Matches an existing agent by id before by name (export writes it when names collide). */
  id: z.optional(text().check(z.trim(), z.minLength(1, 'must not be empty'))),
  ...agentFieldsSchema.shape,
  name: text().check(z.trim(), z.minLength(1, 'must not be empty')),
  description: text(),
  llmModel: text().check(z.trim(), z.minLength(1, 'must not be empty')),
  tools: z.optional(ids),
  datasources: z.optional(ids),
  llms: z.optional(ids),
});

export type DesiredAgent = z.infer<typeof desiredAgentSchema>;

/**
 * The document: `agents: [...]`, or a bare list, or one agent. In a stack, top-level keys other
 * than `agents` are unknown, except `x-` keys, which hold YAML anchors (as in compose files).
 */
export function agentEntries(document: unknown): { entries: unknown[]; basePath: Array<string | number>; unknownKeys: string[] } | undefined {
  if (Array.isArray(document)) return { entries: document, basePath: [], unknownKeys: [] };
  if (document && typeof document === 'object' && 'agents' in document) {
    const agents = (document as { agents: unknown }).agents;
    const unknownKeys = Object.keys(document).filter((key) => key !== 'agents' && !key.startsWith('x-'));
    return Array.isArray(agents) ? { entries: agents, basePath: ['agents'], unknownKeys } : undefined;
  }
  if (document && typeof document === 'object') return { entries: [document], basePath: [], unknownKeys: [] };
  return undefined;
}

export const LINK_KINDS = [
  { key: 'tools', kind: 'tool' },
  { key: 'datasources', kind: 'datasource' },
  { key: 'llms', kind: 'llm' },
] as const;

export const FIELD_KEYS = ['name', 'description', 'llmModel', 'llmProvider', 'prompt', 'initialMessage', 'avatar', 'isActive'] as const;
