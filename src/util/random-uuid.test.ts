import { describe, expect, it } from 'vitest';
import { randomUuid } from './random-uuid.js';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  it('is a version 4 UUID, a new one each time', () => {
    const made = Array.from({ length: 200 }, () => randomUuid());
    for (const uuid of made) expect(uuid).toMatch(V4);
    expect(new Set(made).size).toBe(200);
  });

  it('comes from node:crypto where there is no /dev/urandom', () => {
    const made = [randomUuid('/nonexistent/urandom'), randomUuid('/nonexistent/urandom')];
    for (const uuid of made) expect(uuid).toMatch(V4);
    expect(made[0]).not.toBe(made[1]);
  });

  it('is made of the bytes the source gives, with the version and variant bits set', () => {
    // /dev/zero stands in for a source whose bytes are known.
    expect(randomUuid('/dev/zero')).toBe('00000000-0000-4000-8000-000000000000');
  });
});
