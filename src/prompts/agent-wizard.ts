// The questions create and update ask for fields the flags and --file left out.
// Answers go through the same zod schema as flags, so an invalid answer is re-asked with the reason.
import { getAgent, type Agent, type AgentFields } from '../api/agents.js';
import type { ApiClient } from '../api/client.js';
import { KNOWN_LLM_MODELS, likelyProvider, LLM_PROVIDERS, providerOfModel } from '../api/models.js';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { describeAgent } from '../ui/agent-view.js';
import { escapeControls } from '../ui/safe-text.js';
import type { Validate } from '../ui/prompter.js';
import { agentFieldsSchema } from '../commands/agent-fields.js';

type Field = 'name' | 'description' | 'llmModel' | 'prompt' | 'initialMessage' | 'avatar' | 'isActive';

export const WIZARD_FIELDS: Array<{ key: Field; label: string; required: boolean }> = [
  { key: 'name', label: 'Name', required: true },
  { key: 'description', label: 'Description', required: true },
  { key: 'llmModel', label: 'LLM model', required: true },
  { key: 'prompt', label: 'Prompt', required: false },
  { key: 'initialMessage', label: 'Initial message', required: false },
  { key: 'avatar', label: 'Avatar URL', required: false },
  { key: 'isActive', label: 'Active', required: false },
];

function validator(key: Field, required: boolean): Validate {
  return (value) => {
    if (!value.trim()) return required ? 'required' : true;
    const parsed = agentFieldsSchema.shape[key].safeParse(value);
    return parsed.success ? true : (parsed.error.issues[0]?.message ?? 'invalid');
  };
}

async function ask(ctx: Context, key: Field, label: string, required: boolean, current?: unknown): Promise<AgentFields[Field]> {
  const p = ctx.prompter;
  const initial = typeof current === 'string' ? current : undefined;
  const validate = validator(key, required);
  let answer: string;
  switch (key) {
    case 'isActive':
      return p.confirm(label + '?', { default: typeof current === 'boolean' ? current : true });
    case 'llmModel':
      answer = await p.choose(label, KNOWN_LLM_MODELS.map((model) => ({ value: model, name: model })), { allowOther: true, default: initial, validate });
      break;
    case 'prompt':
      answer = await p.multiline(label + (required ? '' : ' (optional)'), { default: initial, validate });
      break;
    default:
      answer = await p.text(label + (required ? '' : ' (optional)'), { default: initial, validate });
  }
  return answer.trim() === '' ? undefined : answer.trim();
}

async function confirmSummary(ctx: Context, title: string, preview: Agent, question: string): Promise<void> {
  ctx.deps.stderr.write(`\n${ctx.theme.heading(title)}\n${describeAgent(preview, ctx.theme)}\n\n`);
  if (!(await ctx.prompter.confirm(question, { default: true }))) {
    throw new CliError('interrupted', 'cancelled; nothing was sent');
  }
}

/**
 * create: asks every field the flags left out, when a required one is missing and someone can answer.
 * `reviewed` says the person has just seen and confirmed a summary of the new agent.
 */
export async function completeCreateFields(ctx: Context, given: AgentFields): Promise<{ fields: AgentFields; reviewed: boolean }> {
  const missingRequired = WIZARD_FIELDS.some((f) => f.required && given[f.key] === undefined);
  if (!missingRequired || !ctx.interactive) return { fields: given, reviewed: false };
  const fields: AgentFields = { ...given };
  for (const { key, label, required } of WIZARD_FIELDS) {
    if (fields[key] === undefined) {
      const value = await ask(ctx, key, label, required);
      if (value !== undefined) Object.assign(fields, { [key]: value });
    }
    if (key === 'llmModel') await askProviderIfNeeded(ctx, fields);
  }
  await confirmSummary(ctx, 'New agent', { id: '(new)', ...fields }, 'Create this agent?');
  return { fields, reviewed: true };
}

/** The service answers "LLM provider not found" for a model it cannot map: ask now, not after the request. */
async function askProviderIfNeeded(ctx: Context, fields: AgentFields): Promise<void> {
  const model = fields.llmModel;
  if (model === undefined || fields.llmProvider !== undefined || providerOfModel(model)) return;
  fields.llmProvider = await ctx.prompter.choose(
    `LLM provider (the service cannot tell it from ${escapeControls(model)})`,
    LLM_PROVIDERS.map((provider) => ({ value: provider, name: provider })),
    { default: likelyProvider(model) },
  );
}

/** update: with no field flags on a terminal, pick fields to change, each pre-filled with its current value. */
export async function askUpdateFields(ctx: Context, agentId: string, client: ApiClient): Promise<AgentFields> {
  const current: Partial<Agent> = await getAgent(client, agentId).catch(() => ({}));
  const chosen = await ctx.prompter.chooseMany(
    'Fields to change',
    WIZARD_FIELDS.map(({ key, label }) => ({
      value: key,
      name: current[key] === undefined || current[key] === null ? label : `${label} ${ctx.theme.muted(`(${oneLine(current[key])})`)}`,
    })),
  );
  const fields: AgentFields = {};
  for (const { key, label } of WIZARD_FIELDS.filter((f) => chosen.includes(f.key))) {
    const value = await ask(ctx, key, label, key === 'name' || key === 'llmModel', current[key]);
    Object.assign(fields, { [key]: value ?? '' });
  }
  await confirmSummary(ctx, `Changes to agent ${agentId}`, { id: agentId, ...fields }, 'Send these changes?');
  return fields;
}

function oneLine(value: unknown): string {
  const text = escapeControls(String(value).replace(/\s+/g, ' '));
  return text.length > 40 ? text.slice(0, 39) + '…' : text;
}
