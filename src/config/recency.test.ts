import { describe, expect, it } from 'vitest';
import { mostRecentFirst } from './recency.js';

describe('mostRecentFirst', () => {
  it('orders by the ISO time each entry keeps, latest first, entries without one last', () => {
    const entries: [string, { lastUsed?: unknown }][] = [
      ['old', { lastUsed: '2026-01-02T03:04:05.000Z' }],
      ['none', {}],
      ['new', { lastUsed: '2026-11-28T20:00:00.000Z' }],
      ['odd', { lastUsed: 42 }],
      ['mid', { lastUsed: '2026-06-01T00:00:00.000Z' }],
    ];
    const order = entries.sort(mostRecentFirst).map(([id]) => id);
    expect(order.slice(0, 3)).toEqual(['new', 'mid', 'old']);
    expect(order.slice(3).sort()).toEqual(['none', 'odd']);
  });
});
