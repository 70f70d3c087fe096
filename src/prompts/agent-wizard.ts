// The questions create and update ask for fields the flags and --file left out.
// Answers go through the same zod schema as flags, so an invalid answer is re-asked with the reason.
import { getAgent, type Agent } from '../api/agents.js';
import type { ApiClient } from '../api/client.js';
import { likelyProvider, LLM_PROVIDERS, providerOfModel, unknownModelProblem } from '../resources/models.js';
import type { Asker } from './asker.js';
import { CliError } from '../errors.js';
import { AGENT, type AgentFields } from '../resources/agent.js';
import { describeResource } from '../resources/view.js';
import { escapeControls } from '../ui/safe-text.js';
import { askField } from './field-prompt.js';

/** The fields the wizard asks in turn; the provider is asked only when the model needs it. */
const ASKED = AGENT.fields.filter((field) => !('askedWhenNeeded' in field));

async function confirmSummary(ctx: Asker, title: string, preview: Agent, question: string): Promise<void> {
  ctx.io.stderr.write(`\n${ctx.io.theme.heading(title)}\n${describeResource(AGENT, preview, ctx.io.theme)}\n\n`);
  if (!(await ctx.prompter.confirm(question, { default: true }))) {
    throw new CliError('declined', 'nothing sent: the answers were not confirmed');
  }
}

/**
 * create: asks every field the flags left out, when a required one is missing and someone can answer.
 * `reviewed` says the person has just seen and confirmed a summary of the new agent.
 */
export async function completeCreateFields(
  ctx: Asker,
  given: AgentFields,
  options: { allowUnknownModel?: boolean } = {},
): Promise<{ fields: AgentFields; reviewed: boolean }> {
  const missingRequired = ASKED.some((field) => 'required' in field && given[field.key] === undefined);
  if (!missingRequired || !ctx.io.interactive) return { fields: given, reviewed: false };
  const fields: AgentFields = { ...given };
  // A typed model is held to the rule of --llm-model: one the CLI knows, unless --allow-unknown-model
  // or the person confirms it (as that flag would).
  const modelProblem = (model: string) => (options.allowUnknownModel ? undefined : unknownModelProblem(model));
  for (const field of ASKED) {
    if (fields[field.key] === undefined) {
      const value = await askField(ctx.prompter, field, {
        required: 'required' in field,
        ...(field.key === 'llmModel' && { problemOf: modelProblem }),
      });
      if (value !== undefined) Object.assign(fields, { [field.key]: value });
    }
    if (field.key === 'llmModel') await askProviderIfNeeded(ctx, fields);
  }
  await confirmSummary(ctx, 'New agent', { id: '(new)', ...fields }, 'Create this agent?');
  return { fields, reviewed: true };
}

/**
 * What to run to send the same agent again, for when the create the wizard prepared fails: the
 * answers are not lost with the request.
 */
export function createCommandLine(fields: AgentFields): string {
  const flags = AGENT.fields.flatMap((field) => {
    const value = fields[field.key];
    if (value === undefined || value === null) return [];
    if (typeof value === 'boolean') return [value ? `--${field.flag}` : `--no-${field.flag}`];
    return [`--${field.flag} ${quote(typeof value === 'string' ? value : JSON.stringify(value))}`];
  });
  return ['agents create', ...flags].join(' ');
}

/**
 * A word for bash, zsh or sh that pastes back as `text`, on one line: plain when it is safe, in
 * single quotes, or as $'…' when it holds a line break or another control character.
 */
function quote(text: string): string {
  if (/^[\w.,:@%+=/-]+$/.test(text)) return text;
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (!/[\u0000-\u001f\u007f]/.test(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t')
    // eslint-disable-next-line no-control-regex -- control characters are what it escapes
    .replace(/[\u0000-\u001f\u007f]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `$'${escaped}'`;
}

/** The service answers "LLM provider not found" for a model it cannot map: ask now, not after the request. */
async function askProviderIfNeeded(ctx: Asker, fields: AgentFields): Promise<void> {
  const model = fields.llmModel;
  if (model === undefined || fields.llmProvider !== undefined || providerOfModel(model)) return;
  fields.llmProvider = await ctx.prompter.choose(
    `LLM provider (the service cannot tell it from ${escapeControls(model)})`,
    LLM_PROVIDERS.map((provider) => ({ value: provider, name: provider })),
    { default: likelyProvider(model) },
  );
}

/** update: with no field flags on a terminal, pick fields to change, each pre-filled with its current value. */
export async function askUpdateFields(ctx: Asker, agentId: string, client: ApiClient): Promise<AgentFields> {
  const current: Partial<Agent> = await getAgent(client, agentId).catch(() => ({}));
  const changeable = ASKED.filter((field) => !(AGENT.patchRefuses as readonly string[]).includes(field.key));
  const chosen = await ctx.prompter.chooseMany(
    'Fields to change',
    changeable.map(({ key, label }) => ({
      value: key,
      name:
        current[key] === undefined || current[key] === null
          ? label
          : `${label} ${ctx.io.theme.muted(`(${oneLine(current[key])})`)}`,
    })),
  );
  const fields: AgentFields = {};
  for (const field of changeable.filter((f) => chosen.includes(f.key))) {
    // A field that cannot be blank must keep a value; the others may be cleared with an empty answer.
    const value = await askField(ctx.prompter, field, {
      required: !('blankable' in field) && field.type === 'text',
      current: current[field.key],
    });
    Object.assign(fields, { [field.key]: value ?? '' });
  }
  // Named as the person knows it: they may have typed its name, never this id.
  const named =
    typeof current.name === 'string' && current.name ? `${escapeControls(current.name)} (${agentId})` : agentId;
  await confirmSummary(ctx, `Changes to agent ${named}`, { id: agentId, ...fields }, `Send these changes to ${named}?`);
  return fields;
}

function oneLine(value: unknown): string {
  const text = escapeControls(String(value).replace(/\s+/g, ' '));
  return text.length > 40 ? text.slice(0, 39) + '…' : text;
}
