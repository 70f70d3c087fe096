// With the built binary run as an ordinary user: the service's result is
// printed before local bookkeeping, whose failure is only a warning; modes are never widened;
// a read-only config stops only the commands that write it; a corrupt state.json is a cache.
import { chmodSync, chownSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, sendText, startTestServer, type TestServer } from '../helpers/test-server.js';
import { canUseAnotherUsersFolder, cliUid, openTempDir, runAsUser } from '../helpers/unprivileged.js';

const TOKEN = 'tok_modes_secret_0123456789';
const AGENT = { id: '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11', name: 'x', description: 'd', llmModel: 'GPT_4' };
const MISSING = '99999999-0000-4000-8000-000000000000';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((q, s) => {
    if (q.url?.includes(MISSING))
      return q.method === 'POST'
        ? sendText(s, 500, 'Internal Server Error')
        : sendJson(s, 500, { detail: "'NoneType' object has no attribute 'metadata'" });
    if (q.url?.endsWith('/invoke')) {
      s.writeHead(200, { 'content-type': 'text/event-stream' });
      s.end('event: message\ndata: the answer\n\n');
      return;
    }
    if (q.method === 'GET' && q.url?.startsWith('/api/v1/agents?'))
      return sendJson(s, 200, { success: true, data: [AGENT], total_pages: 1 });
    sendJson(s, 200, { success: true, data: AGENT });
  });
});
afterAll(() => server.close());

/** A config folder holding a profile for the test server, with the given owner and modes. */
function configFolder(options: { owner: number; dirMode: number; fileMode: number; state?: string }): string {
  const dir = join(openTempDir(), 'config');
  mkdirSync(dir);
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ profiles: { default: { baseUrl: server.url, token: TOKEN } } }, null, '\t'));
  if (options.state !== undefined) writeFileSync(join(dir, 'state.json'), options.state);
  for (const path of [dir, file, join(dir, 'state.json')]) {
    try {
      chownSync(path, options.owner, options.owner);
    } catch {
      // not root: everything is already the CLI user's
    }
  }
  chmodSync(file, options.fileMode);
  chmodSync(dir, options.dirMode);
  return dir;
}

const modeOf = (path: string) => statSync(path).mode & 0o777;
const cli = (dir: string, args: string[], input?: string) =>
  runAsUser(args, { env: { AGENTS_CONFIG_DIR: dir }, input });
const create = ['create', '-q', '--name', 'x', '--description', 'd', '--llm-model', 'GPT_4'];

describe.skipIf(!canUseAnotherUsersFolder)('a config folder owned by another user', () => {
  const dir = () => configFolder({ owner: 0, dirMode: 0o755, fileMode: 0o644 });

  it('create prints the new id and exits 0; state.json is a warning', async () => {
    const result = await cli(dir(), create);
    expect(result.stdout).toBe(`${AGENT.id}\n`);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^warning: .*state\.json.*; local state not updated \(the result above is not affected\)\n$/,
    );
  });

  it('invoke prints the answer and exits 0', async () => {
    const result = await cli(dir(), ['invoke', AGENT.id, 'hi']);
    expect(result.stdout).toBe('the answer\n');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('local state not updated');
  });
});

describe("a read-only config of the user's own", () => {
  const readOnly = () => configFolder({ owner: cliUid, dirMode: 0o500, fileMode: 0o400 });

  it('invoke works and leaves folder, file and modes as they were', async () => {
    const dir = readOnly();
    const before = readFileSync(join(dir, 'config.json'), 'utf8');
    const result = await cli(dir, ['invoke', AGENT.id, 'hi']);
    expect(result.stdout).toBe('the answer\n');
    expect(result.code).toBe(0);
    expect([modeOf(dir), modeOf(join(dir, 'config.json'))]).toEqual([0o500, 0o400]);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(before);
  });

  it.each([
    ['config set', ['config', 'set', 'timeout', '9'], undefined],
    ['login', ['login', '--token-stdin', '--skip-verify'], 'tok_new_token_0123456789\n'],
  ])('%s exits 2 naming the file, and changes nothing', async (_name, args, input) => {
    const dir = readOnly();
    const result = await cli(dir, args, input);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error: cannot write ${join(dir, 'config.json')}: its folder is read-only\n`);
    expect([modeOf(dir), modeOf(join(dir, 'config.json'))]).toEqual([0o500, 0o400]);
  });

  it('a read-only file in a writable folder is refused too, not replaced by the rename', async () => {
    const dir = configFolder({ owner: cliUid, dirMode: 0o700, fileMode: 0o400 });
    const result = await cli(dir, ['config', 'set', 'timeout', '9']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`cannot write ${join(dir, 'config.json')}: it is read-only`);
    expect(modeOf(join(dir, 'config.json'))).toBe(0o400);
  });

  it('commands that only read config never write it', async () => {
    const dir = configFolder({ owner: cliUid, dirMode: 0o700, fileMode: 0o600 });
    const file = join(dir, 'config.json');
    const before = statSync(file);
    for (const args of [['status'], ['list'], ['get', AGENT.id], ['invoke', AGENT.id, 'hi']]) {
      expect((await cli(dir, args)).code).toBe(0);
    }
    const after = statSync(file);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it('a loose folder of the user is narrowed, never widened; new files are 0600', async () => {
    const dir = configFolder({ owner: cliUid, dirMode: 0o750, fileMode: 0o600 });
    expect((await cli(dir, ['config', 'set', 'timeout', '9'])).code).toBe(0);
    expect((await cli(dir, ['invoke', AGENT.id, 'hi'])).code).toBe(0);
    expect([modeOf(dir), modeOf(join(dir, 'config.json')), modeOf(join(dir, 'state.json'))]).toEqual([
      0o700, 0o600, 0o600,
    ]);
  });
});

describe('state.json is a cache', () => {
  it('a corrupt one is a warning: invoke -c goes on and the file is started afresh', async () => {
    const dir = configFolder({ owner: cliUid, dirMode: 0o700, fileMode: 0o600, state: '{"agents": {"a1": ' });
    const result = await cli(dir, ['invoke', AGENT.id, '-c', 'hi']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('the answer\n');
    expect(result.stderr).toMatch(/^warning: .*state\.json is not valid \(.*\); starting it afresh/m);
    const services = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')).services;
    expect(Object.values<{ agents: unknown }>(services)[0]!.agents).toHaveProperty([AGENT.id, 'lastSession']);
  });

  it('an invoke of an agent that does not exist is not recorded', async () => {
    const dir = configFolder({ owner: cliUid, dirMode: 0o700, fileMode: 0o600, state: '{"agents": {}}' });
    const result = await cli(dir, ['invoke', MISSING, 'hi']);
    expect(result.code).toBe(5);
    expect(JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')).agents).toEqual({});
  });
});
