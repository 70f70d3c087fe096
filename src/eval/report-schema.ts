// The shape of a report file (format 1), field by field, as docs/json/eval.schema.json gives it.
// A report read back (--baseline, merge, compare) may come from anywhere a CI job keeps files: every
// field a reader or the JUnit writer uses is checked here, so a wrong type is a bad file (exit 2,
// naming the file and the field), never a crash or text in a place it was not meant for.
import { z } from '../util/zod.js';

/** The version of the report's format (docs/json/eval.schema.json): readers refuse others. */
export const REPORT_FORMAT = 1;

/** Built when called: zod is loaded when a command runs (util/zod.ts). */
export function reportSchema() {
  const count = z.number().check(z.int(), z.gte(0));
  const nullableText = z.nullable(z.string());
  const timing = z.object({
    ttftMs: z.nullable(z.number()),
    totalMs: z.number(),
    chars: count,
    charsPerSecond: z.nullable(z.number()),
  });
  const errorObject = z.object({ kind: z.string(), message: z.string(), exitCode: z.number().check(z.int()) });

  const check = z.object({
    kind: z.string(),
    expected: z.unknown(),
    passed: z.boolean(),
    message: nullableText,
    reason: nullableText,
  });

  const turn = z.object({
    input: z.string(),
    output: z.unknown(),
    toolCalls: z.array(z.unknown()),
    error: z.nullable(z.object({ kind: z.string(), message: z.string() })),
    timing,
    checks: z.array(check),
  });

  const run = z.object({
    run: count,
    sessionId: nullableText,
    passed: z.boolean(),
    timing,
    turns: z.array(turn),
  });

  const reportCase = z.object({
    name: z.string(),
    index: count,
    where: z.string(),
    agent: nullableText,
    agentId: nullableText,
    passed: z.boolean(),
    passRate: z.number().check(z.gte(0), z.lte(1)),
    durationMs: z.number(),
    failure: z.nullable(
      z.object({ element: z.enum(['failure', 'error']), type: z.string(), message: z.string(), details: z.string() }),
    ),
    runs: z.array(run),
  });

  return z.object({
    format: z.literal(REPORT_FORMAT),
    cliVersion: z.string(),
    file: z.string(),
    fileHash: z.string(),
    startedAt: z.string(),
    filter: nullableText,
    shard: z.nullable(z.object({ index: count.check(z.gte(1)), count: count.check(z.gte(1)) })),
    passed: z.boolean(),
    summary: z.object({ cases: count, passed: count, failed: count, unfinished: count, durationMs: z.number() }),
    settings: z.object({ repeat: count, threshold: z.number(), concurrency: count }),
    agents: z.array(z.object({ reference: z.string(), id: z.string() })),
    cases: z.array(reportCase),
    notRun: z.array(z.object({ name: z.string(), index: count, where: z.string(), why: z.string() })),
    error: z.optional(errorObject),
    baseline: z.optional(
      z.object({
        file: z.string(),
        tolerance: z.number(),
        regressions: z.array(z.object({ name: z.string(), why: z.string() })),
        fixed: z.array(z.string()),
        knownFailures: z.array(z.string()),
      }),
    ),
  });
}
