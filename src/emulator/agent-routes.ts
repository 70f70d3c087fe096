// Create, list, get, update and delete agents.
import type { Handler, RouteContext } from './context.js';
import { sendDetail, sendEnvelope, sendInternalError, sendJson, sendValidation } from './http.js';
import { agentNotFound } from './not-found.js';
import { LLM_MODELS, LLM_PROVIDERS, providerOfModel, SEED } from './seed.js';
import type { AgentRow, LinkKind } from './store.js';
import { checkFields, parseBody, type FieldRule } from './validation.js';

const AGENT_FIELDS: Record<string, FieldRule> = {
  name: { type: 'str' },
  description: { type: 'str' },
  isActive: { type: 'bool' },
  initialMessage: { type: 'str' },
  prompt: { type: 'str' },
  llmModel: { type: 'str' },
  llmProvider: { type: 'str' },
  avatar: { type: 'str' },
  outputSchema: { type: 'str' },
  metadata: { type: 'object' },
};

const WRITABLE = ['name', 'description', 'isActive', 'initialMessage', 'prompt', 'llmModel', 'avatar', 'outputSchema', 'metadata'] as const;

function pick(body: Record<string, unknown>): Partial<AgentRow> {
  return Object.fromEntries(WRITABLE.filter((key) => key in body).map((key) => [key, body[key]])) as Partial<AgentRow>;
}

/** The agent as a route returns it: relations loaded, empty or left out (null) depending on the route. */
function agentView(ctx: RouteContext, row: AgentRow, relations: 'loaded' | 'empty' | 'null' | 'rows'): Record<string, unknown> {
  const rel = (kind: LinkKind) => {
    if (relations === 'null') return null;
    if (relations === 'empty') return [];
    return ctx.store.linksOf(kind, row.id).map((link) => ctx.store.linkRecord(kind, link, relations === 'loaded'));
  };
  return { ...row, apiUser: null, workflowSteps: null, llms: rel('llm'), tools: rel('tool'), datasources: rel('datasource') };
}

function readBody(ctx: RouteContext, rules: Record<string, FieldRule>): Record<string, unknown> | undefined {
  const { body, errors } = parseBody(ctx.rawBody);
  const all = body ? [...errors, ...checkFields(body, rules)] : errors;
  if (all.length > 0) {
    sendValidation(ctx.res, all);
    return undefined;
  }
  return body;
}

export const createAgent: Handler = (ctx) => {
  const body = readBody(ctx, { ...AGENT_FIELDS, name: { type: 'str', required: true } });
  if (!body) return;
  const model = typeof body.llmModel === 'string' ? body.llmModel : undefined;
  if (model !== undefined && !LLM_MODELS.includes(model)) return sendInternalError(ctx.res); // Prisma rejects it, uncaught
  if (typeof body.llmProvider === 'string' && !(LLM_PROVIDERS as readonly string[]).includes(body.llmProvider)) {
    return sendValidation(ctx.res, [{ loc: ['body', 'llmProvider'], msg: `value is not a valid enumeration member; permitted: ${LLM_PROVIDERS.map((p) => `'${p}'`).join(', ')}`, type: 'type_error.enum' }]);
  }
  const provider = (model && providerOfModel(model)) ?? (body.llmProvider as string | undefined);
  if (!provider) return sendDetail(ctx.res, 400, 'LLM provider not found');
  const llm = SEED.llms.find((entry) => entry.provider === provider);
  if (!llm) return sendDetail(ctx.res, 400, 'Please set an LLM first');

  const row = ctx.store.createAgent(pick(body));
  const view = agentView(ctx, row, 'empty'); // read before the LLM link is made, as the real service does
  ctx.store.addLink('llm', row.id, llm.id);
  sendEnvelope(ctx.res, view, ctx.config.strict ? 201 : 200);
};

export const listAgents: Handler = (ctx) => {
  const skip = Number(ctx.query.get('skip') ?? 0);
  const take = Number(ctx.query.get('take') ?? 50);
  if (!Number.isInteger(skip) || skip < 0 || !Number.isInteger(take) || take < 1) {
    return sendValidation(ctx.res, [{ loc: ['query', 'take'], msg: 'value is not a valid integer', type: 'type_error.integer' }]);
  }
  const rows = [...ctx.store.agents.values()];
  const page = rows.slice(skip, skip + take).map((row) => agentView(ctx, row, 'rows'));
  sendEnvelope(ctx.res, page, 200, { total_pages: Math.ceil(rows.length / take) });
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
  const body = readBody(ctx, AGENT_FIELDS);
  if (!body) return;
  if (typeof body.llmModel === 'string' && !LLM_MODELS.includes(body.llmModel)) {
    return sendDetail(ctx.res, 500, `Invalid enum value for llmModel: ${body.llmModel}`);
  }
  const row = ctx.store.updateAgent(ctx.params[0]!, pick(body));
  if (!row) return agentNotFound(ctx, 'patch');
  sendEnvelope(ctx.res, agentView(ctx, row, 'null'));
};

export const deleteAgent: Handler = (ctx) => {
  const row = ctx.store.deleteAgent(ctx.params[0]!);
  if (!row) return agentNotFound(ctx, 'delete');
  sendEnvelope(ctx.res, { ...row });
};
