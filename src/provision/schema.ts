// The provisioning file: the agents that should exist, with their fields and the ids of
// their tools, datasources and LLMs. The agent fields are those of create (one schema).
import * as z from 'zod';
import { agentFieldsSchema } from '../commands/agent-fields.js';

const ids = z.array(z.string({ error: 'must be a list of ids' }).min(1, 'an id must not be empty'), { error: 'must be a list of ids' });

export const desiredAgentSchema = z.strictObject({
  /** Matches an existing agent by id before by name (export writes it when names collide). */
  id: z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').optional(),
  ...agentFieldsSchema.shape,
  name: z.string({ error: 'is required' }).trim().min(1, 'must not be empty'),
  description: z.string({ error: 'is required' }),
  llmModel: z.string({ error: 'is required' }).trim().min(1, 'must not be empty'),
  tools: ids.optional(),
  datasources: ids.optional(),
  llms: ids.optional(),
});

export type DesiredAgent = z.infer<typeof desiredAgentSchema>;

/** The document: `agents: [...]`, or a bare list, or one agent. */
export function agentEntries(document: unknown): { entries: unknown[]; basePath: Array<string | number> } | undefined {
  if (Array.isArray(document)) return { entries: document, basePath: [] };
  if (document && typeof document === 'object' && 'agents' in document) {
    const agents = (document as { agents: unknown }).agents;
    return Array.isArray(agents) ? { entries: agents, basePath: ['agents'] } : undefined;
  }
  if (document && typeof document === 'object') return { entries: [document], basePath: [] };
  return undefined;
}

export const LINK_KINDS = [
  { key: 'tools', kind: 'tool' },
  { key: 'datasources', kind: 'datasource' },
  { key: 'llms', kind: 'llm' },
] as const;

export const FIELD_KEYS = ['name', 'description', 'llmModel', 'llmProvider', 'prompt', 'initialMessage', 'avatar', 'isActive'] as const;
