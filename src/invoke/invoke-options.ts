// The meaning of invoke's flags (shared with chat): session choice and model parameters.
import type { Io } from '../ui/io.js';
import type { StateStore } from '../config/state.js';
import { CliError } from '../errors.js';
import { randomUuid } from '../util/random-uuid.js';

/** What invoke and chat share of their flags: model parameters and the choice of session. */
interface SharedOptions {
  temperature?: number;
  maxTokens?: number;
  /** An id, or false for --no-session. */
  session?: string | false;
  continue: boolean;
}

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
  ctx: { io: Io; stateStore(): StateStore },
  agentId: string,
  options: SharedOptions,
): string | undefined {
  if (options.session === false) return undefined;
  if (typeof options.session === 'string') return options.session;
  if (options.continue) {
    const state = ctx.stateStore();
    const last = state.agents()[agentId]?.lastSession;
    if (!last && state.startedAfresh) {
      ctx.io.logger.warn(`the last session with agent ${agentId} was in the unreadable state file; starting a new one`);
      return randomUuid();
    }
    if (!last) {
      throw new CliError('usage', `no earlier session with agent ${agentId} on this machine`, {
        hint: 'Run without -c to start one, or pass --session ID.',
      });
    }
    return last;
  }
  return randomUuid();
}
