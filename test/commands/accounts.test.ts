// signup, whoami, keys and api against the emulator, in-process (the built binary's own behaviour:
// test/e2e/against-emulator.e2e.test.ts and the other binary tests).
import { statSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';

let emulator: RunningEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  emulator = await startEmulator({ tokenDelayMs: 0 });
  env = { AGENTS_CONFIG_DIR: tempConfigDir(), AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token };
});
afterAll(() => emulator.close());

const agents = (args: string[], extra: Record<string, string> = {}, input?: string) =>
  runCli(args, { env: { ...env, ...extra }, stdin: input });
const savedProfile = (dir: string, profile: string) =>
  JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles[profile];

describe('signup', () => {
  it('creates a user and saves its token as login does (0600); --json shows no token unless --show-token', async () => {
    const dir = tempConfigDir();
    const own = { AGENTS_CONFIG_DIR: dir, AGENTS_TOKEN: '' };
    const result = await agents(['signup', '--email', 'dev@example.com', '--json'], own);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document).toMatchObject({ email: 'dev@example.com', profile: 'default', baseUrl: emulator.url });
    expect(document).not.toHaveProperty('token');
    const token = savedProfile(dir, 'default').token as string;
    expect(token).toMatch(/^emu_user_/);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(result.stdout + result.stderr).not.toContain(token);
    // The saved token works: whoami answers as the new user.
    const me = await agents(['whoami', '--json'], own);
    expect(JSON.parse(me.stdout)).toMatchObject({ email: 'dev@example.com', profile: 'default' });
  });

  it('never replaces a saved token unasked: exit 2 off a terminal, --yes replaces it; --show-token prints it', async () => {
    const dir = tempConfigDir();
    const own = { AGENTS_CONFIG_DIR: dir, AGENTS_TOKEN: '' };
    await agents(['signup', '--email', 'first@example.com'], own);
    const first = savedProfile(dir, 'default').token;
    const refused = await agents(['signup', '--email', 'second@example.com'], own);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('profile default has a token already');
    expect(savedProfile(dir, 'default').token).toBe(first);
    const replaced = await agents(['signup', '--email', 'second@example.com', '--yes', '--json', '--show-token'], own);
    expect(replaced.code).toBe(0);
    expect(JSON.parse(replaced.stdout).token).toBe(savedProfile(dir, 'default').token);
    expect(savedProfile(dir, 'default').token).not.toBe(first);
  });
});

describe('whoami', () => {
  it('shows the user, profile and address, never the token; a rejected token is exit 4 with the login hint', async () => {
    const result = await agents(['whoami']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^user +7c0d5b1e-0000-4000-8000-000000000001\nemail +emulator@localhost\nprofile +default\nbase URL +http/,
    );
    expect(result.stdout + result.stderr).not.toContain(emulator.token);
    const rejected = await agents(['whoami'], { AGENTS_TOKEN: 'not-a-token-the-service-knows' });
    expect(rejected.code).toBe(4);
    expect(rejected.stderr).toContain('agents login');
  });
});

describe('keys', () => {
  it('create prints the key once on stdout; a second process uses it as AGENTS_TOKEN; list masks it', async () => {
    const created = await agents(['keys', 'create', 'pipeline', '-q']);
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^emu_key_[0-9a-f]{40}$/);
    expect(created.stderr).toBe('');
    const withKey = await agents(['list', '-q'], { AGENTS_TOKEN: key });
    expect(withKey.code).toBe(0);
    const listed = await agents(['keys', 'list']);
    expect(listed.stdout).toMatch(/^NAME +KEY +CREATED +ID\n/);
    expect(listed.stdout).toContain(`pipeline  emu****${key.slice(-4)}`);
    expect(listed.stdout).not.toContain(key);
  });

  it('rename and delete by name; delete says a deleted key keeps working (and it does); an unknown key is exit 5', async () => {
    const key = (await agents(['keys', 'create', 'temp', '-q'])).stdout.trim();
    const renamed = await agents(['keys', 'rename', 'temp', 'temp-renamed', '--json']);
    expect(JSON.parse(renamed.stdout)).toMatchObject({ name: 'temp-renamed' });
    const refused = await agents(['keys', 'delete', 'temp-renamed']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    const deleted = await agents(['keys', 'delete', 'temp-renamed', '--yes']);
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toContain('a deleted key keeps working');
    expect((await agents(['keys', 'list', '--json'])).stdout).not.toContain('temp-renamed');
    expect((await agents(['list', '-q'], { AGENTS_TOKEN: key })).code).toBe(0);
    const unknown = await agents(['keys', 'delete', 'no-such-key', '--yes']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('API key "no-such-key" not found');
  });
});

describe('api', () => {
  it('GET a path under /api/v1, the token redacted where the answer carries it', async () => {
    const me = await agents(['api', 'api-users/me']);
    expect(me.code).toBe(0);
    expect(JSON.parse(me.stdout).data).toMatchObject({ email: 'emulator@localhost', token: '[redacted]' });
    expect(me.stdout).not.toContain(emulator.token);
    const same = await agents(['api', '/api/v1/api-users/me', '--debug']);
    expect(same.stdout).toBe(me.stdout);
    expect(same.stderr).toContain('GET');
    expect(same.stderr).not.toContain(emulator.token);
  });

  it('fields make a POST (-f strings, -F typed and @file), --input sends a body as it is, -H adds a header, -i shows status and headers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agents-api-'));
    writeFileSync(join(dir, 'description.txt'), 'from a file');
    const created = await agents([
      'api',
      'tools',
      '-f',
      'name=api-made',
      '-f',
      'type=FUNCTION',
      '-F',
      `description=@${join(dir, 'description.txt')}`,
      '-F',
      'returnDirect=true',
    ]);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout).data).toMatchObject({
      name: 'api-made',
      description: 'from a file',
      returnDirect: true,
    });
    const input = await agents(
      ['api', 'tools', '--input', '-', '-H', 'X-Trace: 42'],
      {},
      JSON.stringify({ name: 'from-input', type: 'FUNCTION' }),
    );
    expect(JSON.parse(input.stdout).data).toMatchObject({ name: 'from-input' });
    const included = await agents(['api', 'agents', '-X', 'GET', '-F', 'take=1', '-i']);
    expect(included.stdout).toMatch(/^HTTP 200 OK\ncontent-type: application\/json[\s\S]*\n\n\{"success":true/);
  });

  it('--paginate follows total_pages across pages and prints one array; a route without it prints its one page', async () => {
    for (let i = 0; i < 5; i++)
      await agents(['create', '-q', '--name', `Paged ${i}`, '--description', 'd', '--llm-model', 'GPT_4']);
    const all = JSON.parse((await agents(['list', '--all', '--json'])).stdout) as Array<{ id: string }>;
    const paged = await agents(['api', 'agents', '-F', 'take=2', '--paginate', '--debug']);
    expect(paged.code).toBe(0);
    const items = JSON.parse(paged.stdout) as Array<{ id: string }>;
    expect(items.map((a) => a.id)).toEqual(all.map((a) => a.id));
    expect(paged.stderr.match(/→ GET \S+agents\?/g)!.length).toBeGreaterThan(2); // more than one page asked for
    const keys = await agents(['api', 'api-keys', '--paginate']);
    expect(JSON.parse(keys.stdout)).toMatchObject({ success: true });
  });

  it('a failed request prints its body and exits with its code: 5, 4, 2 for a bad flag', async () => {
    const missing = await agents(['api', 'agents/no-such-agent']);
    expect(missing.code).toBe(5);
    expect(missing.stdout).toContain('NoneType');
    expect((await agents(['api', 'agents'], { AGENTS_TOKEN: 'rejected-token-123' })).code).toBe(4);
    const bad = await agents(['api', 'agents', '-H', 'no colon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('is not "Name: value"');
    expect((await agents(['api', 'https://elsewhere.example/api'])).code).toBe(2);
  });
});
