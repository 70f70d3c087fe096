// The shapes of the --json documents that several commands share: a record of each kind, the error
// part, the failure document. docs/json/ is made from these and the specs' own (a test keeps the
// files equal to them, and another validates what every command prints against the files).
import { z } from '../util/zod.js';
import type * as Zod from 'zod/mini';
import type { ResourceDescriptor } from '../resources/descriptor.js';

const text = () => z.nullable(z.string());
const anything = () => z.optional(z.unknown());
const titled = <T extends Zod.ZodMiniType>(schema: T, title: string): T => schema.check(z.meta({ title }));
const described = <T extends Zod.ZodMiniType>(schema: T, description: string): T =>
  schema.check(z.describe(description));

export const errorShape = () =>
  titled(
    z.object({ kind: z.string(), message: z.string(), exitCode: z.number().check(z.int(), z.gte(1)) }),
    'The error part of a --json document: what failed, in words, and the exit code it gave',
  );

export const failureShape = () =>
  titled(
    z.object({ error: errorShape() }),
    'The document every command prints on stdout with --json when it fails and printed nothing else: the error alone',
  );

const dates = () => ({ createdAt: z.optional(text()), updatedAt: z.optional(text()), apiUserId: z.optional(text()) });

/** An agent; in a list, its links are there only when the service's list carries them. */
const agentShape = (inList: boolean) => {
  const links = <T extends Zod.ZodMiniType>(schema: T) =>
    inList
      ? described(
          z.optional(schema),
          "only when the service's list carries it: the legacy service's list leaves it out (agents get shows it)",
        )
      : z.optional(schema);
  return z.looseObject({
    id: z.string().check(z.minLength(1)),
    name: z.optional(text()),
    description: z.optional(text()),
    llmModel: z.optional(text()),
    prompt: z.optional(text()),
    initialMessage: z.optional(text()),
    avatar: z.optional(text()),
    isActive: z.optional(z.nullable(z.boolean())),
    metadata: described(anything(), 'JSON text from the service is parsed; never the string "null"').check(
      z.refine((value: unknown) => value !== 'null'),
    ),
    tools: links(z.nullable(z.array(z.unknown()))),
    datasources: links(z.nullable(z.array(z.unknown()))),
    llms: links(
      z.nullable(
        z.array(
          z.looseObject({
            llm: z.optional(z.nullable(z.looseObject({ apiKey: z.optional(z.literal('[redacted]')) }))),
          }),
        ),
      ),
    ),
  });
};

/** What a tool and a datasource record both start with. */
const catalogEntry = () => ({
  id: z.string().check(z.minLength(1)),
  ...dates(),
  name: z.string(),
  type: z.string(),
  description: z.optional(text()),
});

const RECORDS: Record<string, () => Zod.ZodMiniType> = {
  agent: () => agentShape(false),
  tool: () =>
    z.looseObject({
      ...catalogEntry(),
      returnDirect: z.optional(z.nullable(z.boolean())),
      metadata: described(anything(), 'an object, or the JSON text the service keeps'),
      toolConfig: anything(),
    }),
  datasource: () =>
    z.looseObject({
      ...catalogEntry(),
      url: z.optional(text()),
      content: z.optional(text()),
      status: z.optional(text()),
      metadata: anything(),
    }),
  llm: () =>
    z.looseObject({
      id: z.string().check(z.minLength(1)),
      ...dates(),
      provider: z.string(),
      apiKey: described(z.optional(z.union([z.literal('[redacted]'), z.null()])), 'never shown'),
      options: anything(),
    }),
};

/** One record of a kind as the service returned it, values under secret-named keys redacted. */
export const recordShape = (resource: ResourceDescriptor) =>
  titled(
    (RECORDS[resource.kind] ?? (() => z.looseObject({ id: z.string().check(z.minLength(1)) })))(),
    `${article(resource.noun)} ${resource.noun} as the service returned it (get, create, update; each item of list); values under secret-named keys redacted unless --show-secrets`,
  );

export const recordListShape = (resource: ResourceDescriptor) =>
  titled(
    z.array(resource.kind === 'agent' ? agentShape(true) : recordShape(resource)),
    `every ${resource.noun} asked for, newest first (an empty array when none)`,
  );

export const deletedShape = () =>
  titled(z.object({ id: z.string(), deleted: z.literal(true) }), 'delete --json, for every kind');

/**
 * add-* and remove-* --json: one entry per id, whatever the kind, its id under the kind's key
 * (toolId, datasourceId, llmId), with what happened to it (`outcome`) or why it failed.
 */
export const linkResultsShape = (outcome: Record<string, Zod.ZodMiniType>, title: string) =>
  titled(
    z.array(
      z.object({
        agentId: z.string(),
        toolId: z.optional(z.string()),
        datasourceId: z.optional(z.string()),
        llmId: z.optional(z.string()),
        ...outcome,
        error: z.optional(errorShape()),
      }),
    ),
    title,
  );

const article = (noun: string) => (/^[aeiou]|^LLM/i.test(noun) ? 'An' : 'A');

export { described, titled };
