// Agent fields from --file and flags (flags win), checked by one zod schema so
// flag and file errors read the same and name the flag to fix.
import * as z from 'zod/mini';
import type { AgentFields } from '../api/agents.js';
import { UNKNOWN_MODEL_HINT, unknownModelProblem } from '../api/models.js';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { readFileOrStdin } from '../util/read-input.js';
import { parseJsonOrYaml } from '../util/structured-text.js';
import type { Options } from './define.js';

/** "is required" only when the field is absent; a value of the wrong type says what it must be. */
export const text = () => z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') });
const nonEmpty = () => text().check(z.trim(), z.minLength(1, 'must not be empty'));

export const agentFieldsSchema = z.strictObject({
  name: z.optional(nonEmpty()),
  description: z.optional(text()),
  llmModel: z.optional(nonEmpty()),
  llmProvider: z.optional(nonEmpty()),
  prompt: z.optional(text()),
  initialMessage: z.optional(text()),
  avatar: z.optional(text()),
  isActive: z.optional(z.boolean({ error: 'must be true or false' })),
});

export const flagOfField: Record<keyof AgentFields, string> = {
  name: '--name',
  description: '--description',
  llmModel: '--llm-model',
  llmProvider: '--llm-provider',
  prompt: '--prompt',
  initialMessage: '--initial-message',
  avatar: '--avatar',
  isActive: '--active/--no-active',
};

function fieldsFromFlags(options: Options): Record<string, unknown> {
  return {
    name: options.name,
    description: options.description,
    llmModel: options.llmModel,
    llmProvider: options.llmProvider,
    prompt: options.prompt,
    initialMessage: options.initialMessage,
    avatar: options.avatar,
    isActive: options.active,
  };
}

async function fieldsFromFile(ctx: Context, path: string): Promise<Record<string, unknown>> {
  const source = path === '-' ? 'stdin' : path;
  const value = await parseJsonOrYaml(await readFileOrStdin(path, ctx.deps.stdin, '--file'), source);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError('usage', `${source} must hold an object of agent fields`);
  }
  return value as Record<string, unknown>;
}

/** Merges --file and flags and validates them; errors name the flag (or the file's field). */
export async function readAgentFields(ctx: Context, options: Options): Promise<AgentFields> {
  const file = typeof options.file === 'string' ? options.file : undefined;
  const fromFile = file ? await fieldsFromFile(ctx, file) : {};
  const fromFlags = Object.fromEntries(Object.entries(fieldsFromFlags(options)).filter(([, v]) => v !== undefined));
  const merged = { ...fromFile, ...fromFlags };
  const parsed = agentFieldsSchema.safeParse(merged);
  if (parsed.success) {
    if (parsed.data.llmModel !== undefined && options.allowUnknownModel !== true) assertKnownModel(parsed.data.llmModel);
    return parsed.data;
  }

  const source = file === undefined ? 'flags' : file === '-' ? 'stdin' : file;
  const details = parsed.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    if (issue.code === 'unrecognized_keys') {
      return `${source}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    }
    const where = field in fromFlags ? flagOfField[field as keyof AgentFields] : `${field} in ${source}`;
    return `${where}: ${issue.message}`;
  });
  throw new CliError('usage', 'invalid agent fields', { details, hint: `Known fields: ${Object.keys(flagOfField).join(', ')}` });
}

function assertKnownModel(model: string): void {
  const problem = unknownModelProblem(model);
  if (problem) throw new CliError('usage', `--llm-model: ${problem}`, { hint: UNKNOWN_MODEL_HINT });
}

/** Names every missing required field at once, as flags. */
export function requireFields(fields: AgentFields, required: Array<keyof AgentFields>, command: string): void {
  const missing = required.filter((key) => fields[key] === undefined);
  if (missing.length === 0) return;
  throw new CliError('usage', `missing ${missing.map((key) => flagOfField[key]).join(', ')}`, {
    hint: `Pass them as flags or in --file. See \`agents ${command} --help\`.`,
  });
}
