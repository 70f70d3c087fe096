// The retry policy of design §6: bounded, exponential with jitter, honouring Retry-After.

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

export type RetryReason = 'refused' | 'status' | 'reset';

/**
 * Whether a failed attempt may be sent again. A request that may have reached the
 * server is only re-sent when it is a GET, or when the server said it did not take it (429/503).
 */
export function isRetryable(method: string, reason: RetryReason, status?: number): boolean {
  if (reason === 'refused') return true;
  if (reason === 'status' && (status === 429 || status === 503)) return true;
  if (method !== 'GET') return false;
  return reason === 'reset' || (reason === 'status' && status !== undefined && status >= 500);
}
