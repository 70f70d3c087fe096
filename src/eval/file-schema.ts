// The eval file's shape: cases, each an input or a conversation of turns, each with checks.
// One-key maps (`- contains: hello`) keep files short and portable between versions.
import type { BoundedRegExp } from '../util/bounded-regex.js';
import * as z from 'zod/mini';
import { textError } from '../resources/field-schema.js';
import type { JsonSchemaCheck } from '../util/json-schema.js';

const text = (what = 'must be a string') => z.string({ error: textError(what) });
const someText = () => text().check(z.trim(), z.minLength(1, 'must not be empty'));

/** What a check's value must be, by kind; the kinds in the order help lists them. */
export const CHECK_VALUES = {
  contains: text(),
  icontains: text(),
  'not-contains': text(),
  equals: text(),
  regex: text('must be a regular expression (a string)'),
  'json-schema': z.record(z.string(), z.unknown(), { error: 'must be a JSON Schema (an object)' }),
  'is-json': z.literal(true, { error: 'must be true' }),
  'tool-called': z.union(
    [
      someText(),
      z.strictObject({
        name: someText(),
        args: z.optional(z.record(z.string(), z.unknown(), { error: 'must be an object of argument values' })),
      }),
    ],
    { error: 'must be a tool name, or {name, args}' },
  ),
  'max-latency-ms': z.number({ error: 'must be a number of milliseconds' }).check(z.positive('must be more than 0')),
  'max-ttft-ms': z.number({ error: 'must be a number of milliseconds' }).check(z.positive('must be more than 0')),
  'no-error': z.literal(true, { error: 'must be true' }),
  judge: z.strictObject(
    { agent: someText(), rubric: someText() },
    { error: 'must be {agent, rubric}: the agent that judges, and what a good answer does' },
  ),
} as const;

export type CheckKind = keyof typeof CHECK_VALUES;
export const CHECK_KINDS = Object.keys(CHECK_VALUES) as CheckKind[];

/** A check as the file gives it, ready to judge an answer (its regex or schema compiled). */
export type Check =
  | { kind: 'contains' | 'icontains' | 'not-contains' | 'equals'; value: string }
  | { kind: 'regex'; value: string; pattern: BoundedRegExp }
  | { kind: 'json-schema'; value: Record<string, unknown>; validate: JsonSchemaCheck }
  | { kind: 'is-json' | 'no-error'; value: true }
  | {
      kind: 'tool-called';
      value: { name: string; args?: Record<string, unknown> };
      /** eval --suffix: the copy's name of the tool (`forecast-pr-12`), also a match. */
      copyName?: string;
    }
  | { kind: 'max-latency-ms' | 'max-ttft-ms'; value: number }
  /** Another agent reads the rubric, the input and the answer, and answers PASS or FAIL first. */
  | { kind: 'judge'; value: { agent: string; rubric: string } };

const checks = z.optional(z.array(z.unknown(), { error: 'must be a list of checks, e.g. - contains: hello' }));

const turnSchema = z.strictObject({ input: someText(), assert: checks });

/** A case's own vars (`vars: {city: Paris}`): what its `{{city}}` texts become. */
export const varsSchema = z.record(
  z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, 'a var name is letters, digits, _ . -')),
  z.union([z.string(), z.number(), z.boolean()], { error: 'a var is text, a number or true/false' }),
  { error: 'must be a mapping of names to values, e.g. vars: {city: Paris}' },
);

export const caseSchema = z.strictObject({
  name: someText(),
  /** Read before the case (load.ts puts them in); kept here so a case with them is a valid case. */
  vars: z.optional(varsSchema),
  agent: z.optional(someText()),
  input: z.optional(someText()),
  turns: z.optional(
    z
      .array(turnSchema, { error: 'must be a list of turns, each with an input' })
      .check(z.minLength(1, 'must list at least one turn')),
  ),
  outputSchema: z.optional(
    z.union([someText(), z.record(z.string(), z.unknown())], {
      error: 'must be a schema: text, or a JSON Schema object',
    }),
  ),
  llm_params: z.optional(
    z.strictObject({
      temperature: z.optional(
        z
          .number({ error: 'must be a number' })
          .check(z.gte(0, 'must be between 0 and 2'), z.lte(2, 'must be between 0 and 2')),
      ),
      max_tokens: z.optional(
        z.number({ error: 'must be a number' }).check(z.int('must be a whole number'), z.gte(1, 'must be at least 1')),
      ),
    }),
  ),
  assert: checks,
});

export interface Turn {
  input: string;
  checks: Check[];
}

/** A case as it runs: its turns (one for an `input` case), with the agent still a reference. */
export interface EvalCase {
  name: string;
  /** A name, id prefix or id, as the file or --agent gave it. */
  agent: string;
  turns: Turn[];
  outputSchema?: string;
  llmParams?: { temperature?: number; max_tokens?: number };
  /** file:line of the case, for messages. */
  where: string;
  /** Its place in the file (0-based): merged shards come back in the file's order. */
  index: number;
}
