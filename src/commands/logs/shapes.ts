// The --json shapes of agents logs (docs/json/logs*.schema.json): built when asked for.
import { z } from '../../util/zod.js';

export const runShape = () =>
  z.object({
    id: z.string(),
    startedAt: z.string(),
    command: z.enum(['invoke', 'chat', 'eval', 'mcp', 'replay']),
    profile: z.nullable(z.string()),
    baseUrl: z.nullable(z.string()),
    agentId: z.nullable(z.string()),
    agentName: z.nullable(z.string()),
    sessionId: z.nullable(z.string()),
    input: z.string(),
    answer: z.string(),
    answerCut: z.boolean(),
    toolCalls: z.nullable(z.array(z.unknown())),
    outputSchema: z.nullable(z.string()),
    value: z.unknown(),
    error: z.nullable(z.object({ kind: z.string(), message: z.string() })),
    exitCode: z.number(),
    ttftMs: z.nullable(z.number()),
    totalMs: z.nullable(z.number()),
    chars: z.nullable(z.number()),
    evalRun: z.nullable(z.string()),
    evalCase: z.nullable(z.string()),
  });

const pair = <K extends string>(a: K, b: K) => z.object({ [a]: z.nullable(z.number()), [b]: z.nullable(z.number()) });

export const statsShape = () =>
  z.array(
    z.object({
      agentId: z.nullable(z.string()),
      agentName: z.nullable(z.string()),
      runs: z.number(),
      failed: z.number(),
      failures: z.record(z.string(), z.number()),
      ttftMs: pair('p50', 'p95'),
      totalMs: pair('p50', 'p95'),
      chars: pair('p50', 'max'),
    }),
  );
