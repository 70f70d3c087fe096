// what the machine remembers of a service stays with that service (profile and base URL).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceScope } from '../../src/config/service-scope.js';
import { MOST_AGENTS_KEPT, StateStore } from '../../src/config/state.js';
import { tempConfigDir } from '../helpers/run-cli.js';

describe('state.json per service', () => {
  it('keeps each profile and base URL apart, in one file', async () => {
    const dir = tempConfigDir();
    const production = new StateStore(dir, serviceScope('default', 'https://agents.example.com'));
    const staging = new StateStore(dir, serviceScope('staging', 'https://staging.example.com'));
    await production.rememberAgent('a1', { name: 'Prod bot', lastSession: 's-prod' });
    await staging.rememberAgent('b2', { name: 'Staging bot' });
    await staging.rememberResources('tools', { t1: 'weather' });
    expect(Object.keys(production.agents())).toEqual(['a1']);
    expect(Object.keys(staging.agents())).toEqual(['b2']);
    // The same profile against another address is another service too.
    expect(new StateStore(dir, serviceScope('default', 'http://127.0.0.1:7878')).agents()).toEqual({});
    const file = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'));
    expect(Object.keys(file.services).sort()).toEqual([
      'default https://agents.example.com',
      'staging https://staging.example.com',
    ]);
    expect(file.services['staging https://staging.example.com'].tools.t1.name).toBe('weather');
  });

  it('keeps the 20 services used last: a new emulator port each time does not grow the file forever', async () => {
    const dir = tempConfigDir();
    const store = (port: number) => new StateStore(dir, serviceScope('default', `http://127.0.0.1:${port}`));
    for (let port = 1; port <= 25; port++) await store(port).rememberAgent(`a${port}`, { name: `bot ${port}` });
    // Used again: it moves last, so it outlives the ones written after it the first time.
    await store(3).rememberAgent('a3', { lastSession: 's3' });
    const services = Object.keys(JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')).services);
    expect(services).toHaveLength(20);
    expect(services.at(-1)).toBe('default http://127.0.0.1:3');
    expect(services[0]).toBe('default http://127.0.0.1:7');
    expect(store(25).agents()).toEqual({ a25: expect.objectContaining({ name: 'bot 25' }) });
    expect(store(1).agents()).toEqual({});
  });

  it('keeps the agents used last, with their sessions: a machine that creates one per run does not grow the file forever', async () => {
    const store = new StateStore(tempConfigDir(), serviceScope('default', 'http://127.0.0.1:7878'));
    const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second));
    const batch = (prefix: string) =>
      Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`${prefix}-${i}`, { name: `${prefix} ${i}` }]));
    await store.rememberAgent('long-lived', { name: 'Docs bot', lastSession: 's-kept' }, at(0));
    await store.rememberAgents(batch('first'), at(1));
    // Used again between the two batches: it outlives the older half of the first one.
    await store.rememberAgent('long-lived', { lastSession: 's-new' }, at(2));
    await store.rememberAgents(batch('second'), at(3));
    const agents = store.agents();
    expect(Object.keys(agents)).toHaveLength(MOST_AGENTS_KEPT);
    expect(agents['long-lived']).toEqual({ name: 'Docs bot', lastSession: 's-new', lastUsed: at(2).toISOString() });
    expect(Object.keys(agents).filter((id) => id.startsWith('second-'))).toHaveLength(600);
    expect(Object.keys(agents).filter((id) => id.startsWith('first-'))).toHaveLength(MOST_AGENTS_KEPT - 601);
  });

  it('a list teaches names without marking anything used, and writes nothing when it taught nothing', async () => {
    const dir = tempConfigDir();
    const store = new StateStore(dir, serviceScope('default', 'http://127.0.0.1:7878'));
    await store.rememberAgent('used', { name: 'Used bot', lastSession: 's1' }, new Date(Date.UTC(2026, 0, 1)));
    await store.learnNames('agents', { used: 'Used bot', seen: 'Seen bot' });
    expect(store.agents()).toEqual({
      used: { name: 'Used bot', lastSession: 's1', lastUsed: '2026-01-01T00:00:00.000Z' },
      seen: { name: 'Seen bot' },
    });
    const written = statSync(join(dir, 'state.json'));
    await store.learnNames('agents', { used: 'Used bot', seen: 'Seen bot' });
    const again = statSync(join(dir, 'state.json'));
    expect([again.ino, again.mtimeMs]).toEqual([written.ino, written.mtimeMs]); // not rewritten
    await store.learnNames('agents', { seen: 'Renamed bot' });
    expect(store.agents().seen).toEqual({ name: 'Renamed bot' });
    // Never past the cap: a list of thousands adds only what fits.
    await store.learnNames(
      'agents',
      Object.fromEntries(Array.from({ length: MOST_AGENTS_KEPT + 50 }, (_, i) => [`many-${i}`, `bot ${i}`])),
    );
    expect(Object.keys(store.agents())).toHaveLength(MOST_AGENTS_KEPT);
    expect(store.agents().used?.lastSession).toBe('s1');
  });
});
