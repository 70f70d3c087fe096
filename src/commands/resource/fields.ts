// A resource's fields from --file, flags, the environment (secrets) and prompts, checked by one
// zod schema derived from the descriptor, so every source reads and fails the same way.
import type { Uses } from '../../context.js';
import { CliError } from '../../errors.js';
import { acceptSecret } from '../../secrets/known.js';
import { readAll, readFileOrStdin } from '../../io/read-input.js';
import { parseJsonOrYaml } from '../../util/structured-text.js';
import { fieldByKey, type FieldSpec, type ResourceDescriptor } from '../../resources/descriptor.js';
import { keyOf as attributeOf } from './field-flags.js';
import { fieldsSchema } from '../../resources/field-schema.js';
import { textOf } from '../../util/text-of.js';

type Fields = Record<string, unknown>;

/** How a person names a field in a message: its flag. */
export function flagName(field: FieldSpec): string {
  if (field.secret) return `--${field.secret.stdinFlag} (or ${field.secret.env})`;
  return field.type === 'boolean' ? `--${field.flag}/--no-${field.flag}` : `--${field.flag}`;
}

async function fromFlags(resource: ResourceDescriptor, options: Record<string, unknown>): Promise<Fields> {
  const fields: Fields = {};
  for (const field of resource.fields) {
    if (field.secret) continue;
    const value = options[attributeOf(field.flag)];
    if (value === undefined) continue;
    if (field.type !== 'json-object') fields[field.key] = value;
    else {
      const text = textOf(value);
      try {
        JSON.parse(text);
      } catch {
        throw new CliError('usage', `--${field.flag} is not JSON: ${text.slice(0, 60)}`, {
          hint: `Pass an object, e.g. --${field.flag} '{"key":"value"}'.`,
        });
      }
      // JSON, read by the rule of every document: a key given twice is refused, not the last kept.
      fields[field.key] = await parseJsonOrYaml(text, `--${field.flag}`);
    }
  }
  return fields;
}

async function fromFile(resource: ResourceDescriptor, ctx: Uses<'env' | 'prompts'>, path: string): Promise<Fields> {
  const source = path === '-' ? 'stdin' : path;
  const value = await parseJsonOrYaml(await readFileOrStdin(path, ctx.io.stdin, '--file'), source);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new CliError('usage', `${source} must hold an object of ${resource.noun} fields`);
  for (const field of resource.fields) {
    if (field.secret && field.key in value) {
      throw new CliError('usage', `${source}: ${field.key} does not belong in a file`, {
        hint: `Pass it with ${flagName(field)}, or on a terminal at the prompt.`,
      });
    }
  }
  return value as Fields;
}

async function fromSecretSources(
  resource: ResourceDescriptor,
  ctx: Uses<'env' | 'prompts'>,
  options: Record<string, unknown>,
): Promise<Fields> {
  const fields: Fields = {};
  for (const field of resource.fields) {
    if (!field.secret) continue;
    let value: string | undefined;
    let source: string;
    if (options[attributeOf(field.secret.stdinFlag)] === true) {
      value = (await readAll(ctx.io.stdin)).trim();
      source = `the ${field.label} on standard input`;
      if (!value) throw new CliError('usage', `no ${field.label} on standard input`);
    } else {
      value = ctx.env[field.secret.env] || undefined;
      source = field.secret.env;
    }
    if (value !== undefined) fields[field.key] = acceptSecret(value, source); // scrubbed from any debug line or error
  }
  return fields;
}

/**
 * Checks merged fields. An error names the flag to fix when the value came from a flag (or a
 * prompt), else the field in its file.
 */
function checkFields(resource: ResourceDescriptor, fields: Fields, source: string, fromFile: Fields = {}): Fields {
  const parsed = fieldsSchema(resource).safeParse(fields);
  if (parsed.success) return Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
  const details = parsed.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys')
      return `${source}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    const key = String(issue.path[0]);
    const field = fieldByKey(resource, key);
    const where = field && fields[key] !== fromFile[key] ? flagName(field) : `${key} in ${source}`;
    return `${where}: ${issue.message}`;
  });
  // One problem is the message itself; several are listed under it.
  const [only, ...more] = details;
  // The known fields help only with a field the kind does not have.
  const unknown = parsed.error.issues.some((issue) => issue.code === 'unrecognized_keys');
  throw new CliError('usage', more.length === 0 ? only! : `invalid ${resource.noun} fields`, {
    details: more.length === 0 ? [] : details,
    hint: unknown ? `Known fields: ${resource.fields.map((f) => f.key).join(', ')}` : undefined,
  });
}

/** Fields given by --file, flags and secret sources; flags win over the file. */
export async function givenFields(
  resource: ResourceDescriptor,
  ctx: Uses<'env' | 'prompts'>,
  options: Record<string, unknown>,
): Promise<Fields> {
  const file = typeof options.file === 'string' ? options.file : undefined;
  const inFile = file ? await fromFile(resource, ctx, file) : {};
  const merged = {
    ...inFile,
    ...(await fromFlags(resource, options)),
    ...(await fromSecretSources(resource, ctx, options)),
  };
  return checkFields(resource, merged, file === undefined ? 'flags' : file === '-' ? 'stdin' : file, inFile);
}

/** Names every missing required field at once, as the flags to pass. */
export function requireFields(resource: ResourceDescriptor, fields: Fields): void {
  const missing = resource.fields.filter((field) => field.required && fields[field.key] === undefined);
  if (missing.length === 0) return;
  throw new CliError('usage', `missing ${missing.map(flagName).join(', ')}`, {
    hint: `Pass them as flags or in --file. See \`${resource.command} create --help\`.`,
  });
}

/** On a terminal, asks for each field not given; elsewhere names every missing flag. */
export async function completeFields(
  resource: ResourceDescriptor,
  ctx: Uses<'env' | 'prompts'>,
  fields: Fields,
): Promise<Fields> {
  if (!ctx.io.interactive) {
    requireFields(resource, fields);
    return fields;
  }
  if (!resource.fields.some((field) => field.required && fields[field.key] === undefined)) return fields;
  const answers: Fields = { ...fields };
  for (const field of resource.fields) {
    // Optional switches keep the service's default rather than adding a question.
    if (answers[field.key] !== undefined || (field.type === 'boolean' && !field.required)) continue;
    // The prompts' code loads only when a person is asked.
    const { askField } = await import('../../prompts/field-prompt.js');
    const value = await askField(ctx.prompter, field, { required: field.required === true });
    if (value !== undefined) answers[field.key] = value;
  }
  return checkFields(resource, answers, 'answers');
}
