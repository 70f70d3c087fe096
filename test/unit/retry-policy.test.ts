// The retry policy's pure parts, with exact values: the delay a given attempt and random draw
// give, what a Retry-After header means, and which failures may be sent again.
import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  isRetryable,
  parseRetryAfter,
  type RetryReason,
} from '../../src/api/retry.js';

describe('backoffDelay: full jitter between half the ceiling and the ceiling', () => {
  it.each([
    // attempt, random, ms: the ceiling is 300 ms doubled per attempt, capped at 5 s
    [0, 0, 150],
    [0, 1, 300],
    [0, 0.5, 225],
    [1, 0, 300],
    [1, 1, 600],
    [3, 1, 2400],
    [4, 0, 2400], // 4800 ceiling: half of it
    [5, 1, 5000], // 9600 capped at 5000
    [10, 0, 2500],
  ])('attempt %i, random %f → %i ms', (attempt, random, expected) => {
    expect(backoffDelay(attempt, DEFAULT_RETRY_POLICY, () => random)).toBe(expected);
  });
});

describe('parseRetryAfter', () => {
  const NOW = Date.parse('2026-11-23T10:00:00Z');
  it.each([
    ['5', 5000],
    ['0', 0],
    [' 2 ', 2000],
    ['1.5', 1500],
    ['0.0004', 0],
    ['Mon, 23 Nov 2026 10:00:30 GMT', 30_000], // the HTTP-date form
    ['Mon, 23 Nov 2026 09:59:00 GMT', 0], // a date in the past: go now
  ])('%j → %i ms', (header, ms) => {
    expect(parseRetryAfter(header, NOW)).toBe(ms);
  });

  // An ISO date is not an HTTP date: Retry-After has only the two forms.
  it.each([[undefined], [''], ['soon'], ['-1'], ['1e3'], ['5 s'], ['2026-11-23T10:00:30Z']])(
    '%j is not a delay',
    (header) => {
      expect(parseRetryAfter(header, NOW)).toBeUndefined();
    },
  );
});

describe('isRetryable: only what cannot have been taken, or a GET', () => {
  const cases: Array<[string, RetryReason, number | undefined, boolean]> = [
    ['POST', 'refused', undefined, true],
    ['GET', 'refused', undefined, true],
    ['POST', 'status', 429, true],
    ['POST', 'status', 503, true],
    ['PATCH', 'status', 503, true],
    ['POST', 'status', 500, false],
    ['POST', 'status', 502, false],
    ['GET', 'status', 500, true],
    ['GET', 'status', 502, true],
    ['GET', 'status', 499, false],
    ['GET', 'status', 404, false],
    ['GET', 'status', undefined, false],
    ['POST', 'reset', undefined, false],
    ['DELETE', 'reset', undefined, false],
    ['GET', 'reset', undefined, true],
    ['POST', 'reset', 503, false], // a status counts only with the reason 'status'
  ];
  it.each(cases)('%s after %s %s → %s', (method, reason, status, expected) => {
    expect(isRetryable(method, reason, status)).toBe(expected);
  });
});
