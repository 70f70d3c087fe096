// The secrets a run remembers are scrubbed from what it prints; a test process that runs many files
// in one module graph forgets them between files (test/forget-secrets.ts), as a new process would.
import { describe, expect, it } from 'vitest';
import { forgetSecrets, REDACTED, rememberSecret, scrubSecrets, StreamScrubber } from '../../src/secrets/known.js';

describe('secrets', () => {
  it('are scrubbed once remembered, also when split across streamed pieces, and not after being forgotten', () => {
    rememberSecret('tok_forget_me_0123');
    expect(scrubSecrets('Bearer tok_forget_me_0123.')).toBe(`Bearer ${REDACTED}.`);
    const scrubber = new StreamScrubber();
    expect(scrubber.push('a tok_forg') + scrubber.push('et_me_0123 b') + scrubber.flush()).toBe(`a ${REDACTED} b`);

    forgetSecrets();
    expect(scrubSecrets('Bearer tok_forget_me_0123.')).toBe('Bearer tok_forget_me_0123.');
  });
});
