// docs/json/: the JSON Schema of each command's --json document, made from its spec's output schema
// (zod's own conversion), plus the error part and the failure document every command can print.
// A test keeps the files equal to these; `npm run docs:json` writes them.
import * as z from 'zod/mini';
import type { Command } from './command.js';
import { errorShape, failureShape } from './output-shapes.js';

const ID_BASE = 'https://agents-cli.dev/json/';

function asJsonSchema(name: string, schema: z.ZodMiniType): Record<string, unknown> {
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  const { $schema, ...rest } = converted;
  return { $schema, $id: `${ID_BASE}${name}.schema.json`, ...rest };
}

/** Each document's schema by its file name (without `.schema.json`); commands that share one agree. */
export function jsonSchemas(commands: readonly Command[]): Map<string, Record<string, unknown>> {
  const schemas = new Map<string, Record<string, unknown>>([
    ['error', asJsonSchema('error', errorShape())],
    ['failure', asJsonSchema('failure', failureShape())],
  ]);
  for (const { spec } of commands) {
    if (!spec.output) continue;
    const made = asJsonSchema(spec.output.name, spec.output.schema());
    const earlier = schemas.get(spec.output.name);
    if (earlier && JSON.stringify(earlier) !== JSON.stringify(made))
      throw new Error(
        `${spec.path}: its --json document "${spec.output.name}" differs from another command's of that name`,
      );
    schemas.set(spec.output.name, made);
  }
  return schemas;
}
