// --output-schema: the text sent to the service, and a local check when it is a JSON Schema.
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { readFileOrStdin } from '../util/read-input.js';

export interface OutputSchema {
  /** Sent as outputSchema: the service pastes it into the prompt. */
  text: string;
  /** Present when the text is a JSON Schema document, to check the answer against. */
  jsonSchema?: Record<string, unknown>;
}

const JSON_SCHEMA_KEYWORDS = ['$schema', 'type', 'properties', 'items', 'required', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', '$ref'];

export async function loadOutputSchema(ctx: Context, value: string): Promise<OutputSchema> {
  const text = value.startsWith('@') ? await readFileOrStdin(value.slice(1), ctx.deps.stdin, '--output-schema') : value;
  if (!text.trim()) throw new CliError('usage', '--output-schema must not be empty');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { text }; // free text such as "[{title: string}]": the service accepts it, we cannot check it
  }
  const isSchema = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && JSON_SCHEMA_KEYWORDS.some((k) => k in parsed);
  return isSchema ? { text, jsonSchema: parsed as Record<string, unknown> } : { text };
}

/** Throws exit 6 naming the failing path when the answer does not match the schema. */
export async function checkAgainstSchema(value: unknown, jsonSchema: Record<string, unknown>): Promise<void> {
  const { z } = await import('zod');
  let schema;
  try {
    schema = z.fromJSONSchema(jsonSchema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    throw new CliError('usage', `--output-schema is not a JSON Schema the CLI can check: ${(error as Error).message}`);
  }
  const result = schema.safeParse(value);
  if (result.success) return;
  const details = result.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`);
  throw new CliError('schema-mismatch', 'the answer does not match --output-schema', { details });
}
