// The secrets a run knows: accepted only from MIN_SECRET_LENGTH characters on, scrubbed from any
// text, also when a stream cuts one across two pieces; a stream with nothing to hide is untouched.
import { afterEach, describe, expect, it } from 'vitest';
import { CliError } from '../errors.js';
import {
  acceptSecret,
  forgetSecrets,
  MIN_SECRET_LENGTH,
  REDACTED,
  rememberSecret,
  scrubSecrets,
  StreamScrubber,
} from './known.js';

afterEach(() => forgetSecrets());

describe('a secret given', () => {
  it('is taken from MIN_SECRET_LENGTH characters on, and refused shorter with the kind the caller says', () => {
    const eight = 'x'.repeat(MIN_SECRET_LENGTH);
    expect(acceptSecret(eight, 'AGENTS_TOKEN')).toBe(eight);
    expect(scrubSecrets(`a ${eight} b`)).toBe(`a ${REDACTED} b`);
    const refuse = (kind?: 'auth') => {
      try {
        acceptSecret('y'.repeat(MIN_SECRET_LENGTH - 1), '--api-key', kind);
      } catch (error) {
        return error as CliError;
      }
      throw new Error('accepted');
    };
    const usage = refuse();
    expect([usage.kind, usage.exitCode, usage.message]).toEqual(['usage', 2, '--api-key is shorter than 8 characters']);
    expect(usage.hint).toBe(
      'A secret that short could be guessed, and could not be hidden in output without rewriting ordinary words; use one of at least 8 characters.',
    );
    expect([refuse('auth').kind, refuse('auth').exitCode]).toEqual(['auth', 4]);
    // A short one remembered some other way never rewrites text.
    rememberSecret('short');
    expect(scrubSecrets('a short word')).toBe('a short word');
  });
});

describe('a stream', () => {
  it('is passed through untouched while no secret is known', () => {
    const stream = new StreamScrubber();
    expect(stream.push('sk-secret-0')).toBe('sk-secret-0');
    expect(stream.flush()).toBe('');
  });

  it('holds back only the end that could begin a secret, and scrubs it when it completes', () => {
    rememberSecret('sk-secret-0123');
    const stream = new StreamScrubber();
    expect(stream.push('key: sk-sec')).toBe('key: ');
    expect(stream.push('ret-0123 and s')).toBe(`${REDACTED} and `);
    expect(stream.push('o on')).toBe('so on');
    expect(stream.push(' s')).toBe(' ');
    expect(stream.flush()).toBe('s');
    expect(stream.flush()).toBe('');
    // The last characters of a piece as long as the secret minus one are looked at, not fewer.
    expect(new StreamScrubber().push('xsk-secret-012')).toBe('x');
    // Without holding back, each piece is scrubbed alone and written at once.
    const eager = new StreamScrubber(false);
    expect(eager.push('sk-secret-0123 then sk-sec')).toBe(`${REDACTED} then sk-sec`);
    expect(eager.flush()).toBe('');
  });
});
