// Typed endpoint functions over the client, with the shapes we rely on checked by zod (its mini
// build: a tenth of the code to load on every create and invoke).
// Only what the CLI reads is required; everything else passes through untouched.
import { parseBoundedJson } from '../util/bounded-json.js';
import * as z from 'zod/mini';
import { ApiError, CliError } from '../errors.js';
import type { ApiClient } from './client.js';
import { collect } from './paging.js';
import { createResource, deleteResource, getResource, listResources, notFound, patchResource } from './resources.js';
import { AGENT, type AgentFields } from '../resources/agent.js';
import { attachKey, type FieldSpec } from '../resources/descriptor.js';
import { ATTACHABLE, ATTACHABLE_OF, type AttachKind } from '../resources/registry.js';

/** A field as the service returns it: any may be null or missing. */
function returned(field: FieldSpec) {
  if (field.type === 'boolean') return z.nullish(z.boolean());
  if (field.type === 'json-object') return z.unknown();
  return z.nullish(z.string());
}

export type Agent = { id: string } & { [K in keyof AgentFields]?: AgentFields[K] | null } & Record<string, unknown>;

const agentSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  ...Object.fromEntries(AGENT.fields.map((field) => [field.key, returned(field)])),
}) as unknown as z.ZodMiniType<Agent>;

export type { AgentFields };

function decodeAgent(data: unknown, what: string): Agent {
  const parsed = agentSchema.safeParse(data);
  if (!parsed.success) {
    throw new CliError(
      'bad-response',
      `the service's answer to ${what} is not an agent (${describeIssue(parsed.error)})`,
    );
  }
  return withParsedMetadata(parsed.data);
}

/**
 * An agent of a list. The legacy service's list leaves the links out as null although the agent
 * has some: null there means "not said", so the field is left out rather than shown as none.
 */
function decodeListedAgent(data: unknown, what: string): Agent {
  const agent = decodeAgent(data, what);
  for (const { plural } of ATTACHABLE) if (agent[plural] === null) delete agent[plural];
  return agent;
}

/** The real create sends metadata as JSON text ("null", "{\"a\":1}"): one shape, the value. */
function withParsedMetadata(agent: Agent): Agent {
  if (typeof agent.metadata !== 'string') return agent;
  try {
    return { ...agent, metadata: parseBoundedJson(agent.metadata, 'the service') };
  } catch (error) {
    if (error instanceof CliError) throw error;
    return agent; // plain text stays text
  }
}

function describeIssue(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0];
  if (!issue) return 'unexpected shape';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** An agent's wire path is every kind's (resources.ts); what differs is its decoding and the facts below. */
export async function createAgent(client: ApiClient, fields: AgentFields): Promise<Agent> {
  try {
    return await createResource(client, AGENT, fields, decodeAgent);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && /LLM provider not found/i.test(error.message)) {
      throw new ApiError(error.kind, error.status, error.message, {
        details: error.details,
        circumstance: { type: 'provider-unknown', model: fields.llmModel },
      });
    }
    throw error;
  }
}

/** The updated agent, or undefined when the service answered without one. */
export const updateAgent = (client: ApiClient, id: string, fields: AgentFields): Promise<Agent | undefined> =>
  patchResource(client, AGENT, id, fields, decodeAgent);

/** The real service says "'NoneType' object has no attribute 'metadata'": read as not found. */
export const getAgent = (client: ApiClient, id: string, options: { once?: boolean } = {}): Promise<Agent> =>
  getResource(client, AGENT, id, { ...options, decode: decodeAgent });

/** A missing agent, in words; what the service said is kept for --debug. */
export const agentNotFound = (id: string, cause?: unknown): CliError => notFound(AGENT, id, cause);

/** Agents page by page (`limit` stops early). */
export const listAgentsPaged = (
  client: ApiClient,
  options: { limit?: number; pageSize?: number } = {},
): AsyncGenerator<Agent> =>
  listResources(client, AGENT, { ...options, pageSize: options.pageSize ?? 100, decode: decodeListedAgent });

export const listAllAgents = (client: ApiClient): Promise<Agent[]> => collect(listAgentsPaged(client));

export const deleteAgent = (client: ApiClient, id: string): Promise<unknown> => deleteResource(client, AGENT, id);

export interface AttachResult {
  alreadyAttached: boolean;
}

// The real service reports a repeated link as a 500 with one of these messages.
const ALREADY_LINKED = /already exists|unique constraint/i;
// ...and an id that does not exist as Prisma's foreign-key failure, naming the column:
// "Foreign key constraint failed on the field: `AgentTool_toolId_fkey (index)`".
const MISSING_FOREIGN_KEY = /Foreign key constraint failed on the field: `([^`]*)`/i;

export async function attachToAgent(
  client: ApiClient,
  kind: AttachKind,
  agentId: string,
  id: string,
): Promise<AttachResult> {
  const attached = ATTACHABLE_OF[kind];
  try {
    // The real service answers data:null, a strict one the link record: the CLI reports its own shape either way.
    await client.json('POST', ['agents', agentId, attached.segment], { body: { [attachKey(attached)]: id } });
    return { alreadyAttached: false };
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.status === 409 || (error.status >= 500 && ALREADY_LINKED.test(error.message)))
    ) {
      return { alreadyAttached: true };
    }
    const { noun } = attached;
    const column = error instanceof ApiError ? MISSING_FOREIGN_KEY.exec(error.message)?.[1] : undefined;
    if (column !== undefined) {
      if (/agentId/i.test(column)) throw agentNotFound(agentId, error);
      throw new CliError('not-found', `${noun} ${id} not found`, {
        circumstance: { type: 'missing-link', noun, agentToo: false },
        cause: error,
      });
    }
    // A strict server's 404 may be the agent's or the linked record's: point at both lists, not only the agents.
    if (error instanceof ApiError && error.status === 404)
      throw new ApiError(error.kind, error.status, error.message, {
        details: error.details,
        circumstance: { type: 'missing-link', noun, agentToo: true },
      });
    throw error;
  }
}

/**
 * Detaches a tool, datasource or LLM. The real service answers 200 whether or not the link was
 * there (legacy-service.md §12.5), so detaching is idempotent; a strict server's 404 means the agent is missing.
 */
export async function detachFromAgent(client: ApiClient, kind: AttachKind, agentId: string, id: string): Promise<void> {
  try {
    await client.json('DELETE', ['agents', agentId, ATTACHABLE_OF[kind].segment, id]);
  } catch (error) {
    throw error instanceof ApiError && error.status === 404 ? agentNotFound(agentId, error) : error;
  }
}
