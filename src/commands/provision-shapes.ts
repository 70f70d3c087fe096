// The --json documents of apply and diff: the plan, and (apply) what was done.
import { z } from '../util/zod.js';
import { described, errorShape } from './output-shapes.js';

const kinds = () => z.enum(['tool', 'datasource', 'llm']);
const names = () => z.array(z.string());
const byKind = () => z.looseObject({ tool: names(), datasource: names(), llm: names() });
const change = () => z.object({ field: z.string(), from: z.optional(z.unknown()), to: z.optional(z.unknown()) });
const maybeError = () => z.nullable(errorShape());

export const planShape = () =>
  z.array(
    z.object({
      name: z.string(),
      action: z.enum(['create', 'update', 'unchanged', 'error']),
      id: z.nullable(z.string()),
      changed: names(),
      changes: described(
        z.array(change()),
        "update: each changed field with the service's value and the file's, in full",
      ),
      attach: byKind(),
      detach: described(byKind(), '--prune: links to detach'),
      error: maybeError(),
    }),
  );

export const resourcesPlanShape = () =>
  described(
    z.array(
      z.object({
        kind: kinds(),
        name: z.string(),
        action: z.enum(['create', 'update', 'unchanged']),
        id: z.nullable(z.string()),
        changes: z.array(change()),
      }),
    ),
    "the stack's tools, datasources and LLMs (secrets as [redacted])",
  );

export const resultsShape = () =>
  z.array(
    z.object({
      name: z.string(),
      action: z.enum(['create', 'update']),
      id: z.nullable(z.string()),
      ok: z.boolean(),
      attempted: described(z.boolean(), "false when the run stopped (the service went away) before this agent's turn"),
      saved: described(z.boolean(), 'the agent itself was created or updated'),
      links: z.array(
        z.object({
          kind: kinds(),
          id: z.string(),
          change: z.enum(['attach', 'detach']),
          attempted: z.boolean(),
          ok: z.boolean(),
          error: maybeError(),
        }),
      ),
      error: maybeError(),
    }),
  );

export const resourceResultsShape = () =>
  z.array(
    z.object({
      kind: kinds(),
      name: z.string(),
      action: z.enum(['create', 'update']),
      id: z.nullable(z.string()),
      ok: z.boolean(),
      attempted: z.boolean(),
      error: maybeError(),
    }),
  );
