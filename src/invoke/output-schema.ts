// --output-schema: the text sent to the service, and a local check when it is a JSON Schema.
// The schema is compiled before the invoke is sent, so a broken one costs no paid call.
import { parseJsonOrYaml } from '../util/structured-text.js';
import { statSync } from 'node:fs';
import type { Io } from '../ui/io.js';
import { CliError } from '../errors.js';
import type { JsonSchemaCheck } from '../util/json-schema.js';
import { readFileOrStdin } from '../io/read-input.js';

export interface OutputSchema {
  /** Sent as outputSchema: the service pastes it into the prompt. */
  text: string;
  /** Present when the text is a JSON Schema document, to check the answer against. */
  check?: JsonSchemaCheck;
}

const JSON_SCHEMA_KEYWORDS = [
  '$schema',
  'type',
  'properties',
  'items',
  'required',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  '$ref',
];

export async function loadOutputSchema(io: Io, value: string): Promise<OutputSchema> {
  const text = value.startsWith('@') ? await readFileOrStdin(value.slice(1), io.stdin, '--output-schema') : value;
  if (!text.trim()) throw new CliError('usage', '--output-schema must not be empty');
  try {
    JSON.parse(text);
  } catch (error) {
    // Text written as JSON (it opens with { or [ and quotes its names) that does not parse is a typo,
    // not a free-text description: sending it would pay for an answer to a broken schema.
    if (/^\s*[{[]/.test(text) && text.includes('"')) {
      throw new CliError(
        'usage',
        `--output-schema ${value.startsWith('@') ? `${value.slice(1)} ` : ''}is not valid JSON: ${(error as Error).message}`,
        {
          hint: 'Fix the JSON, or write a free-text schema without quotes (e.g. "[{title: string}]").',
        },
      );
    }
    // Shells complete file names without the "@": sending "schema.json" as the schema would be a paid mistake.
    if (!value.startsWith('@') && isFile(value)) {
      throw new CliError('usage', `--output-schema ${JSON.stringify(value)} is the name of a file, not a schema`, {
        hint: `Pass --output-schema @${value} to read it.`,
      });
    }
    return { text }; // free text such as "[{title: string}]": the service accepts it, we cannot check it
  }
  // JSON, read by the rule of every document: a key given twice is refused with its line.
  const parsed = await parseJsonOrYaml(text, value.startsWith('@') ? value.slice(1) : '--output-schema');
  const isSchema =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    JSON_SCHEMA_KEYWORDS.some((k) => k in parsed);
  if (!isSchema) return { text };
  const { compileJsonSchema } = await import('../util/json-schema.js');
  return { text, check: await compileJsonSchema(parsed as Record<string, unknown>, '--output-schema') };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The exit-6 error naming each failing path, or undefined when the answer matches. */
export function schemaMismatch(value: unknown, check: JsonSchemaCheck): CliError | undefined {
  const details = check(value);
  if (details.length === 0) return undefined;
  return new CliError('schema-mismatch', 'the answer does not match --output-schema', {
    details,
    hint: 'The answer is printed on stdout as it came.',
  });
}
