// Create, list, get, update and delete agents, as the legacy service does (§ numbers: docs/legacy-service.md).
import type { Handler, RouteContext } from './context.js';
import { sendDetail, sendEnvelope, sendInternalError, sendJson } from './http.js';
import { agentNotFound } from './not-found.js';
import { readPage } from './paging.js';
import { pythonJsonDumps } from './python-json.js';
import { LLM_MODELS, LLM_PROVIDERS, providerOfModel } from './seed.js';
import { AGENT_TYPES, type AgentRow, type LinkKind } from './store.js';
import { readValidBody, type FieldRule } from './validation.js';
import { ATTACHABLE } from '../resources/registry.js';

const AGENT_FIELDS: Record<string, FieldRule> = {
  name: { type: 'str' },
  description: { type: 'str' },
  isActive: { type: 'bool' },
  initialMessage: { type: 'str' },
  prompt: { type: 'str' },
  llmModel: { type: 'str' },
  llmProvider: { type: 'str', oneOf: LLM_PROVIDERS },
  avatar: { type: 'str' },
  outputSchema: { type: 'str' },
  metadata: { type: 'object' },
  type: { type: 'str', oneOf: AGENT_TYPES },
};

const WRITABLE = [
  'name',
  'description',
  'isActive',
  'initialMessage',
  'prompt',
  'llmModel',
  'avatar',
  'outputSchema',
  'metadata',
  'type',
] as const;

function pick(body: Record<string, unknown>): Partial<AgentRow> {
  return Object.fromEntries(WRITABLE.filter((key) => key in body).map((key) => [key, body[key]]));
}

type Relations = 'loaded' | 'empty' | 'null' | 'list';

/**
 * The agent as a route returns it (§1.1, §6): get loads every relation with its record; create
 * read the row before linking (empty lists); PATCH and DELETE load none (null); the list loads only
 * the LLM link rows, without the LLM. Create sends metadata as JSON text, the others as a value.
 */
function agentView(
  ctx: RouteContext,
  row: AgentRow,
  relations: Relations,
  metadata: 'text' | 'value' = 'value',
): Record<string, unknown> {
  const rel = (kind: LinkKind) => {
    if (relations === 'null' || (relations === 'list' && kind !== 'llm')) return null;
    if (relations === 'empty') return [];
    return ctx.store.linksOf(kind, row.id).map((link) => ctx.store.linkRecord(kind, link, relations === 'loaded'));
  };
  const {
    id,
    type,
    name,
    avatar,
    initialMessage,
    description,
    isActive,
    createdAt,
    updatedAt,
    llmModel,
    prompt,
    apiUserId,
    outputSchema,
  } = row;
  // In the Prisma model's order, as §2.1's example shows it.
  return {
    id,
    type,
    name,
    avatar,
    initialMessage,
    description,
    isActive,
    createdAt,
    updatedAt,
    llms: rel('llm'),
    llmModel,
    prompt,
    apiUserId,
    apiUser: null,
    datasources: rel('datasource'),
    tools: rel('tool'),
    workflowSteps: null,
    metadata: metadata === 'text' ? pythonJsonDumps(row.metadata ?? null) : (row.metadata ?? null),
    outputSchema,
    // A kind the real service does not have (a new descriptor): its links after the model's fields.
    ...Object.fromEntries(
      ATTACHABLE.filter(({ kind }) => !MODEL_RELATIONS.includes(kind)).map(({ kind, plural }) => [plural, rel(kind)]),
    ),
  };
}

/** The relations of the real service's Agent model, placed in its order above. */
const MODEL_RELATIONS: readonly string[] = ['llm', 'datasource', 'tool'];

export const createAgent: Handler = (ctx) => {
  const body = readValidBody(ctx, { ...AGENT_FIELDS, name: { type: 'str', required: true } });
  if (!body) return;
  // §2.1, in the real order: the provider (from the model, else llmProvider), the caller's LLM for
  // it, then the insert, where the database rejects a model outside its enum (uncaught: plain 500).
  const model = typeof body.llmModel === 'string' ? body.llmModel : undefined;
  const provider = (model && providerOfModel(model)) ?? (body.llmProvider as string | undefined);
  if (!provider) return sendDetail(ctx.res, 400, 'LLM provider not found');
  const llm = ctx.store.llmOfProvider(provider);
  if (!llm) return sendDetail(ctx.res, 400, 'Please set an LLM first');
  if (model !== undefined && !LLM_MODELS.includes(model)) return sendInternalError(ctx.res);

  const row = ctx.store.createAgent(pick(body));
  const view = agentView(ctx, row, 'empty', 'text'); // read before the LLM link is made, as the real service does
  ctx.store.addLink('llm', row.id, llm.id);
  sendEnvelope(ctx.res, view, ctx.config.strict ? 201 : 200);
};

export const listAgents: Handler = (ctx) => {
  const page = readPage(ctx);
  if (!page) return;
  const rows = [...ctx.store.agents.values()].reverse(); // newest first
  sendEnvelope(
    ctx.res,
    rows.slice(page.skip, page.skip + page.take).map((row) => agentView(ctx, row, 'list')),
    200,
    { total_pages: Math.ceil(rows.length / page.take) },
  );
};

export const getAgent: Handler = (ctx) => {
  const row = ctx.store.agents.get(ctx.params[0]!);
  if (!row) return agentNotFound(ctx, 'get');
  const view = agentView(ctx, row, 'loaded');
  // Strict mode answers with a bare object, so clients are exercised on both shapes.
  if (ctx.config.strict) return sendJson(ctx.res, 200, view);
  sendEnvelope(ctx.res, view);
};

export const updateAgent: Handler = (ctx) => {
  const { llmProvider: _ignored, ...rules } = AGENT_FIELDS; // not a field of AgentUpdate: dropped, as pydantic drops it
  const body = readValidBody(ctx, rules);
  if (!body) return;
  if (typeof body.llmModel === 'string' && !LLM_MODELS.includes(body.llmModel)) {
    return sendDetail(ctx.res, 500, `Invalid enum value for llmModel: ${body.llmModel}`);
  }
  const row = ctx.store.updateAgent(ctx.params[0]!, pick(body));
  if (!row) return agentNotFound(ctx, 'patch');
  if (typeof body.llmModel === 'string') repointLlm(ctx, row);
  sendEnvelope(ctx.res, agentView(ctx, row, 'null'));
};

/** §2.2: a model of another provider moves the agent's LLM link to the caller's LLM for that provider. */
function repointLlm(ctx: RouteContext, row: AgentRow): void {
  const to = row.llmModel ? providerOfModel(row.llmModel) : undefined;
  const [current] = ctx.store.linksOf('llm', row.id);
  if (!to || (current && ctx.store.findInCatalog('llm', current.targetId)?.provider === to)) return;
  const llm = ctx.store.llmOfProvider(to);
  if (!llm) return;
  if (current) ctx.store.removeLink('llm', row.id, current.targetId);
  ctx.store.addLink('llm', row.id, llm.id);
}

/** §6: the deleted row as Prisma returns it, no relation loaded. */
export const deleteAgent: Handler = (ctx) => {
  const row = ctx.store.deleteAgent(ctx.params[0]!);
  if (!row) return agentNotFound(ctx, 'delete');
  sendEnvelope(ctx.res, agentView(ctx, row, 'null'));
};
