// The retry policy's pure parts, with exact values: the delay a given attempt and random draw
// give, what a Retry-After header means, and which failures may be sent again.
import { describe, expect, it } from 'vitest';
import { backoffDelay, decide, DEFAULT_RETRY_POLICY, parseRetryAfter, type Outcome } from '../../src/api/retry.js';

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

describe('decide: only what cannot have been taken, or a GET', () => {
  const attempted = (method: string, attempt = 0, maxRetries = 3) => ({
    method,
    attempt,
    maxRetries,
    policy: DEFAULT_RETRY_POLICY,
    random: () => 0.5,
    now: 0,
  });
  const answer = (status: number, extra: Partial<Extract<Outcome, { type: 'answer' }>> = {}): Outcome => ({
    type: 'answer',
    status,
    notFound: false,
    ...extra,
  });
  const cases: Array<[string, Outcome, boolean]> = [
    ['POST', { type: 'no-answer', failure: 'refused' }, true],
    ['GET', { type: 'no-answer', failure: 'refused' }, true],
    ['POST', answer(429), true],
    ['POST', answer(503), true],
    ['PATCH', answer(503), true],
    ['POST', answer(500), false],
    ['POST', answer(502), false],
    ['GET', answer(500), true],
    ['GET', answer(502), true],
    ['GET', answer(499), false],
    ['GET', answer(404), false],
    ['GET', answer(200), false],
    ['POST', { type: 'no-answer', failure: 'reset' }, false],
    ['DELETE', { type: 'no-answer', failure: 'reset' }, false],
    ['GET', { type: 'no-answer', failure: 'reset' }, true],
    ['GET', { type: 'no-answer', failure: 'dns' }, false],
    ['GET', { type: 'no-answer', failure: 'tls' }, false],
    ['GET', { type: 'no-answer', failure: 'aborted' }, false],
    ['GET', { type: 'body-broke', failure: 'reset' }, true],
    ['POST', { type: 'body-broke', failure: 'reset' }, false],
    ['GET', { type: 'body-broke', failure: 'idle-timeout' }, false],
    // The real service's 500 for a missing record: no retry changes it.
    ['GET', answer(500, { notFound: true }), false],
  ];
  it.each(cases)('%s after %j → %s', (method, outcome, expected) => {
    expect(decide(outcome, attempted(method)).retry).toBe(expected);
  });

  it('never past the budget: the fourth failure of a budget of three is the last', () => {
    expect(decide(answer(503), attempted('GET', 2)).retry).toBe(true);
    expect(decide(answer(503), attempted('GET', 3))).toEqual({ retry: false });
    expect(decide({ type: 'no-answer', failure: 'refused' }, attempted('POST', 0, 0))).toEqual({ retry: false });
  });

  it('waits the backoff, or Retry-After up to the cap, and says why', () => {
    expect(decide(answer(503), attempted('GET', 1))).toEqual({ retry: true, delayMs: 450, why: 'HTTP 503' });
    expect(decide({ type: 'body-broke', failure: 'reset' }, attempted('GET'))).toEqual({
      retry: true,
      delayMs: 225,
      why: 'body cut short',
    });
    expect(decide(answer(429, { retryAfter: '30' }), attempted('POST'))).toEqual({
      retry: true,
      delayMs: 30_000,
      why: 'HTTP 429',
    });
    expect(decide(answer(429, { retryAfter: '31' }), attempted('POST'))).toEqual({
      retry: false,
      why: 'Retry-After of 31000 ms is past the cap; not waiting',
    });
    expect(decide(answer(500, { retryAfter: 'soon' }), attempted('GET'))).toEqual({
      retry: true,
      delayMs: 225,
      why: 'HTTP 500',
    });
  });
});
