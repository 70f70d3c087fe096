// `agents __complete WORD`: WORD names a section of state.json by its own key only. A word such as
// __proto__ or constructor, or a section a corrupt file holds as null, offers nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completionCandidates } from '../../src/completion/complete.js';
import { serviceScope } from '../../src/config/service-scope.js';
import { tempConfigDir } from '../helpers/run-cli.js';

describe('__complete sections', () => {
  it('offers a kind section by its own key and nothing for prototype words or a null section', () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    const scope = serviceScope('default', 'http://127.0.0.1:9');
    const records = {
      agents: { 'a1b2c3d4-0000': { name: 'Docs bot', lastUsed: '2026-11-25T00:00:00Z' } },
      tools: null,
    };
    writeFileSync(join(dir, 'state.json'), JSON.stringify({ services: { [scope]: records } }));
    const env = { AGENTS_CONFIG_DIR: dir, AGENTS_BASE_URL: 'http://127.0.0.1:9' };
    expect(completionCandidates('agents', env)).toContain('a1b2c3d4-0000\tDocs bot');
    for (const word of ['__proto__', 'constructor', 'toString', 'tools', 'nothing'])
      expect(completionCandidates(word, env)).toEqual([]);
  });
});

describe('__complete and names that read as options', () => {
  it('leaves out a name that starts with "-" (the program would take it for a flag) and offers its id', () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    const scope = serviceScope('default', 'http://127.0.0.1:9');
    const records = {
      agents: {
        'a1b2c3d4-0001': { name: '--output=x', lastUsed: '2026-11-25T00:00:00Z' },
        'a1b2c3d4-0002': { name: '-rf', lastUsed: '2026-11-24T00:00:00Z' },
        '-a1b2c3d4-0003': { name: 'Dash id', lastUsed: '2026-11-23T00:00:00Z' },
        'a1b2c3d4-0004': { name: 'Docs - bot', lastUsed: '2026-11-22T00:00:00Z' },
      },
    };
    writeFileSync(join(dir, 'state.json'), JSON.stringify({ services: { [scope]: records } }));
    const env = { AGENTS_CONFIG_DIR: dir, AGENTS_BASE_URL: 'http://127.0.0.1:9' };
    expect(completionCandidates('agents', env)).toEqual([
      'a1b2c3d4-0001',
      'a1b2c3d4-0002',
      'a1b2c3d4-0004\tDocs - bot',
      'Docs - bot\ta1b2c3d4-0004',
    ]);
  });
});
