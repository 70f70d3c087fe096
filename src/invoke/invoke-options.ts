// The meaning of invoke's flags (shared with chat): session choice and model parameters.
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { aSwitch, numberBetween, someText, wholeNumber } from '../commands/option-schemas.js';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';

/** The options invoke and chat share: model parameters and the choice of session. */
export const sharedInvokeOptions = {
  temperature: z.optional(numberBetween('--temperature', 0, 2)),
  maxTokens: z.optional(wholeNumber('--max-tokens', 1)),
  /** An id, or false for --no-session. */
  session: z.optional(z.union([z.literal(false), someText('--session')])),
  continue: aSwitch(),
};

/** chat's options, and the part of invoke's that chat shares. */
export const sharedInvokeSchema = z.object(sharedInvokeOptions);
type SharedOptions = z.infer<typeof sharedInvokeSchema>;

export function llmParams({
  temperature,
  maxTokens,
}: SharedOptions): { temperature?: number; max_tokens?: number } | undefined {
  if (temperature === undefined && maxTokens === undefined) return undefined;
  return {
    ...(temperature !== undefined && { temperature }),
    ...(maxTokens !== undefined && { max_tokens: maxTokens }),
  };
}

/** --session ID, -c (the last session with this agent), --no-session, or a fresh UUID. */
export function chooseSession(
  ctx: Pick<Context, 'io' | 'stateStore'>,
  agentId: string,
  options: SharedOptions,
): string | undefined {
  if (options.session === false) return undefined;
  if (typeof options.session === 'string') return options.session;
  if (options.continue === true) {
    const state = ctx.stateStore();
    const last = state.agents()[agentId]?.lastSession;
    if (!last && state.startedAfresh) {
      ctx.io.logger.warn(`the last session with agent ${agentId} was in the unreadable state file; starting a new one`);
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
