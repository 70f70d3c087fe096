// When a request is sent again, decided in one place: bounded, exponential with jitter, honouring
// Retry-After, and never re-sending what may already have done its work. The client's one loop
// asks decide() after every attempt (openai-node's shape: one loop, one decision).
import type { NetworkFailure } from './network-errors.js';

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Retry-After beyond this is not waited for: the error is reported instead. */
  retryAfterCapMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  retryAfterCapMs: 30_000,
};

/** Equal jitter: half the exponential ceiling, plus a random share of the other half. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Retry-After as seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // An HTTP date names its month ("Sun, 06 Nov 1994 08:49:37 GMT"); Date.parse would also read "-1".
  if (!/[A-Za-z]{3}/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** What one attempt came to, as far as sending it again goes. */
export type Outcome =
  /** No answer: the connection failed before the headers. */
  | { type: 'no-answer'; failure: NetworkFailure }
  /** The headers came, then the body broke off while it was read. */
  | { type: 'body-broke'; failure: NetworkFailure }
  /** A whole answer; notFound: the real service's 500 for a record that is not there. */
  | { type: 'answer'; status: number; retryAfter?: string; notFound: boolean };

export interface Attempted {
  method: string;
  /** 0 for the first attempt. */
  attempt: number;
  /** 0 for a request sent once (a follow-up question, not the user's request). */
  maxRetries: number;
  policy: RetryPolicy;
  random: () => number;
  now?: number;
}

export type Decision = { retry: true; delayMs: number; why: string } | { retry: false; why?: string };

const STOP: Decision = { retry: false };

/**
 * Whether to send the request again, and after how long. A request that may have reached the
 * server is sent again only when it is a GET, or when the server said it did not take it (429, 503).
 */
export function decide(outcome: Outcome, attempted: Attempted): Decision {
  const { method, attempt, maxRetries, policy } = attempted;
  if (attempt >= maxRetries) return STOP;
  const backoff = (why: string): Decision => ({
    retry: true,
    delayMs: backoffDelay(attempt, policy, attempted.random),
    why,
  });
  switch (outcome.type) {
    case 'no-answer':
      // Refused: nothing was sent. Reset: it may have arrived.
      if (outcome.failure === 'refused') return backoff('refused');
      return outcome.failure === 'reset' && method === 'GET' ? backoff('reset') : STOP;
    case 'body-broke':
      return outcome.failure === 'reset' && method === 'GET' ? backoff('body cut short') : STOP;
    case 'answer': {
      const { status } = outcome;
      const notTaken = status === 429 || status === 503;
      // No retry changes the real service's 500 for a missing record.
      if (!notTaken && !(status >= 500 && method === 'GET' && !outcome.notFound)) return STOP;
      const retryAfter = parseRetryAfter(outcome.retryAfter, attempted.now);
      if (retryAfter !== undefined && retryAfter > policy.retryAfterCapMs)
        return { retry: false, why: `Retry-After of ${retryAfter} ms is past the cap; not waiting` };
      return retryAfter === undefined
        ? backoff(`HTTP ${status}`)
        : { retry: true, delayMs: retryAfter, why: `HTTP ${status}` };
    }
  }
}
