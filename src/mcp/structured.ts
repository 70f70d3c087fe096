// An agent with an output schema, as an MCP tool: the schema published as the tool's outputSchema,
// and each answer returned as structuredContent after the same check `agents invoke
// --output-schema` makes. The schema is the agent's own (outside text): published only when it is
// a JSON Schema for an object (what MCP carries) that the CLI's validator compiles, so a broken one
// cannot break a client's tools/list.
import type { JsonSchemaCheck } from '../util/json-schema.js';

export interface PublishedSchema {
  schema: Record<string, unknown>;
  check: JsonSchemaCheck;
}

const compiled = new Map<string, Promise<PublishedSchema | undefined>>();

/** The agent's output schema as MCP publishes it, or undefined when it has none MCP can carry. */
export function publishedSchema(outputSchema: unknown): Promise<PublishedSchema | undefined> {
  if (typeof outputSchema !== 'string' || !outputSchema.trim()) return Promise.resolve(undefined);
  let known = compiled.get(outputSchema);
  if (!known) {
    known = compile(outputSchema);
    compiled.set(outputSchema, known);
  }
  return known;
}

async function compile(text: string): Promise<PublishedSchema | undefined> {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch {
    return undefined; // free text ("[{title: string}]"): the service takes it, MCP cannot
  }
  if (!isObject(schema) || schema.type !== 'object') return undefined;
  try {
    const { compileJsonSchema } = await import('../util/json-schema.js');
    return { schema, check: await compileJsonSchema(schema, "the agent's output schema") };
  } catch {
    return undefined;
  }
}

/** The answer as structured content, or why it is not what the schema asks for. */
export function structuredAnswer(
  answer: { text: string; value?: unknown },
  published: PublishedSchema,
): { value: Record<string, unknown> } | { problem: string } {
  let value = answer.value;
  if (value === undefined) {
    try {
      value = JSON.parse(answer.text);
    } catch {
      return { problem: "the agent's answer is not the JSON its output schema asks for" };
    }
  }
  if (!isObject(value)) return { problem: "the agent's answer is not a JSON object, as its output schema asks" };
  const problems = published.check(value);
  if (problems.length > 0) return { problem: `the agent's answer does not match its output schema: ${problems[0]}` };
  return { value };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
