// The live sessions of `mcp serve --http`: a cap on how many at once, and the idle ones closed.
import { describe, expect, it } from 'vitest';
import { SessionTable } from '../../src/mcp/http-sessions.js';

const session = () => {
  const state = { closed: false };
  return Object.assign(state, { close: () => Promise.resolve(void (state.closed = true)) });
};

describe('the session table', () => {
  it('is full at its cap, and has room again once one ends', () => {
    const table = new SessionTable(2, 60_000);
    table.add('a', session());
    expect(table.full).toBe(false);
    table.add('b', session());
    expect(table.full).toBe(true);
    table.delete('a');
    expect(table.full).toBe(false);
  });

  it('closes the sessions no request used for the idle time, and keeps the ones in use', () => {
    let now = 0;
    const table = new SessionTable(10, 1000, () => now);
    const idle = session();
    const busy = session();
    table.add('idle', idle);
    table.add('busy', busy);
    now = 900;
    expect(table.use('busy')).toBe(busy);
    now = 1500;
    expect(table.closeIdle()).toBe(1);
    expect([idle.closed, busy.closed]).toEqual([true, false]);
    expect(table.use('idle')).toBeUndefined();
    table.closeAll();
    expect(busy.closed).toBe(true);
  });
});
