// The meaning of invoke's flags (shared with chat): session choice and model parameters.
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import type { Options } from '../commands/define.js';

export const modelParamsSchema = z.object({
  temperature: z.optional(
    z
      .number({ error: '--temperature must be a number' })
      .check(z.gte(0, '--temperature must be between 0 and 2'), z.lte(2, '--temperature must be between 0 and 2')),
  ),
  maxTokens: z.optional(
    z.number({ error: '--max-tokens must be a number' }).check(z.int('--max-tokens must be a whole number'), z.gte(1, '--max-tokens must be at least 1')),
  ),
});

export function parseOrUsage<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new CliError('usage', parsed.error.issues[0]?.message ?? 'invalid options', {
    details: parsed.error.issues.slice(1).map((issue) => issue.message),
  });
}

export function llmParams(options: Options): { temperature?: number; max_tokens?: number } | undefined {
  const { temperature, maxTokens } = parseOrUsage(modelParamsSchema, { temperature: options.temperature, maxTokens: options.maxTokens });
  if (temperature === undefined && maxTokens === undefined) return undefined;
  return { ...(temperature !== undefined && { temperature }), ...(maxTokens !== undefined && { max_tokens: maxTokens }) };
}

/** --session ID, -c (the last session with this agent), --no-session, or a fresh UUID. */
export function chooseSession(ctx: Context, agentId: string, options: Options): string | undefined {
  if (options.session === false) return undefined;
  if (typeof options.session === 'string') {
    if (!options.session.trim()) throw new CliError('usage', '--session must not be empty');
    return options.session;
  }
  if (options.continue === true) {
    const state = ctx.stateStore();
    const last = state.agents()[agentId]?.lastSession;
    if (!last && state.startedAfresh) {
      ctx.logger.warn(`the last session with agent ${agentId} was in the unreadable state file; starting a new one`);
      return randomUUID();
    }
    if (!last) {
      throw new CliError('usage', `no earlier session with agent ${agentId} on this machine`, {
        hint: 'Run without -c to start one, or pass --session ID.',
      });
    }
    return last;
  }
  return randomUUID();
}
