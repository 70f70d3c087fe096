// Temp files and lock tokens need names no other call or process uses.
import { describe, expect, it } from 'vitest';
import { uniqueName } from '../../src/io/unique-name.js';

describe('uniqueName', () => {
  it('is distinct on every call and names this process', () => {
    const names = Array.from({ length: 10_000 }, () => uniqueName());
    expect(new Set(names).size).toBe(names.length);
    for (const name of names.slice(0, 5)) expect(name.startsWith(`${process.pid}.`)).toBe(true);
    expect(names[0]).toMatch(/^\d+\.[0-9a-z]+\.[0-9a-z]+$/);
  });
});
