// A resource's fields from --file, flags, the environment (secrets) and prompts, checked by one
// zod schema derived from the descriptor, so every source reads and fails the same way.
import * as z from 'zod/mini';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { rememberSecret } from '../ui/secrets.js';
import { readAll, readFileOrStdin } from '../util/read-input.js';
import { parseJsonOrYaml } from '../util/structured-text.js';
import type { FieldSpec, ResourceDescriptor } from './descriptor.js';
import { attributeOf } from './flags.js';

type Fields = Record<string, unknown>;

export function fieldSchema(field: FieldSpec) {
  switch (field.type) {
    case 'boolean':
      return z.boolean({ error: 'must be true or false' });
    case 'enum':
      return z.enum(field.choices as [string, ...string[]], { error: `must be one of ${field.choices!.join(', ')}` });
    case 'json-object':
      return z.record(z.string(), z.unknown(), { error: 'must be a JSON object' });
    case 'text':
      return z.string({ error: 'must be a string' }).check(z.trim(), z.minLength(1, 'must not be empty'));
  }
}

export function fieldsSchema(resource: ResourceDescriptor) {
  return z.strictObject(Object.fromEntries(resource.fields.map((field) => [field.key, z.optional(fieldSchema(field))])));
}

/** How a person names a field in a message: its flag. */
export const flagName = (field: FieldSpec) => (field.secret ? `--${field.secret.stdinFlag} (or ${field.secret.env})` : `--${field.flag}`);

function fromFlags(resource: ResourceDescriptor, options: Record<string, unknown>): Fields {
  const fields: Fields = {};
  for (const field of resource.fields) {
    if (field.secret) continue;
    const value = options[attributeOf(field.flag)];
    if (value === undefined) continue;
    if (field.type !== 'json-object') fields[field.key] = value;
    else {
      try {
        fields[field.key] = JSON.parse(String(value));
      } catch {
        throw new CliError('usage', `--${field.flag} is not JSON: ${String(value).slice(0, 60)}`, { hint: `Pass an object, e.g. --${field.flag} '{"key":"value"}'.` });
      }
    }
  }
  return fields;
}

async function fromFile(resource: ResourceDescriptor, ctx: Context, path: string): Promise<Fields> {
  const source = path === '-' ? 'stdin' : path;
  const value = await parseJsonOrYaml(await readFileOrStdin(path, ctx.deps.stdin, '--file'), source);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CliError('usage', `${source} must hold an object of ${resource.noun} fields`);
  for (const field of resource.fields) {
    if (field.secret && field.key in value) {
      throw new CliError('usage', `${source}: ${field.key} does not belong in a file`, { hint: `Pass it with ${flagName(field)}, or on a terminal at the prompt.` });
    }
  }
  return value as Fields;
}

async function fromSecretSources(resource: ResourceDescriptor, ctx: Context, options: Record<string, unknown>): Promise<Fields> {
  const fields: Fields = {};
  for (const field of resource.fields) {
    if (!field.secret) continue;
    let value: string | undefined;
    if (options[attributeOf(field.secret.stdinFlag)] === true) {
      value = (await readAll(ctx.deps.stdin)).trim();
      if (!value) throw new CliError('usage', `no ${field.label} on standard input`);
    } else {
      value = ctx.env[field.secret.env] || undefined;
    }
    if (value !== undefined) {
      rememberSecret(value); // scrubbed from any debug line or error
      fields[field.key] = value;
    }
  }
  return fields;
}

/** Checks merged fields; errors name the flag to fix, or the file's field. */
export function checkFields(resource: ResourceDescriptor, fields: Fields, source: string): Fields {
  const parsed = fieldsSchema(resource).safeParse(fields);
  if (parsed.success) return Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
  const details = parsed.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') return `${source}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    const field = resource.fields.find((f) => f.key === issue.path[0]);
    return `${field ? flagName(field) : String(issue.path[0])}: ${issue.message}`;
  });
  throw new CliError('usage', `invalid ${resource.noun} fields`, { details, hint: `Known fields: ${resource.fields.map((f) => f.key).join(', ')}` });
}

/** Fields given by --file, flags and secret sources; flags win over the file. */
export async function givenFields(resource: ResourceDescriptor, ctx: Context, options: Record<string, unknown>): Promise<Fields> {
  const file = typeof options.file === 'string' ? options.file : undefined;
  const merged = {
    ...(file ? await fromFile(resource, ctx, file) : {}),
    ...fromFlags(resource, options),
    ...(await fromSecretSources(resource, ctx, options)),
  };
  return checkFields(resource, merged, file === undefined ? 'flags' : file === '-' ? 'stdin' : file);
}

/** On a terminal, asks for each field not given (required ones first); elsewhere names every missing flag. */
export async function completeFields(resource: ResourceDescriptor, ctx: Context, fields: Fields): Promise<Fields> {
  const missing = resource.fields.filter((field) => field.required && fields[field.key] === undefined);
  if (missing.length === 0) return fields;
  if (!ctx.interactive) {
    throw new CliError('usage', `missing ${missing.map(flagName).join(', ')}`, { hint: `See \`agents ${resource.plural} create --help\`.` });
  }
  const answers: Fields = { ...fields };
  for (const field of resource.fields) {
    if (answers[field.key] !== undefined) continue;
    const value = await ask(ctx, field);
    if (value !== undefined) answers[field.key] = value;
  }
  return checkFields(resource, answers, 'answers');
}

async function ask(ctx: Context, field: FieldSpec): Promise<unknown> {
  const optional = field.required ? '' : ' (optional)';
  const notEmpty = (value: string) => (value.trim() ? true : 'must not be empty');
  if (field.secret) {
    const value = (await ctx.prompter.secret(field.label, { validate: notEmpty })).trim();
    rememberSecret(value);
    return value;
  }
  switch (field.type) {
    case 'enum':
      return ctx.prompter.choose(`${field.label}${optional}`, [...(field.required ? [] : [{ value: '', name: '(none)' }]), ...field.choices!.map((value) => ({ value, name: value }))]).then((v) => v || undefined);
    case 'boolean':
      return field.required ? ctx.prompter.confirm(field.label) : undefined; // optional switches keep the service's default
    case 'json-object': {
      const text = await ctx.prompter.text(`${field.label}${optional} (JSON object)`, { validate: (value) => (!value.trim() && !field.required) || isJsonObject(value) || 'must be a JSON object' });
      return text.trim() ? JSON.parse(text) : undefined;
    }
    case 'text': {
      const text = await ctx.prompter.text(`${field.label}${optional}`, { validate: field.required ? notEmpty : undefined });
      return text.trim() || undefined;
    }
  }
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
