// A saved token travels only to the address its profile saved. Another address, from
// --base-url or AGENTS_BASE_URL, needs AGENTS_TOKEN or a profile saved for it; otherwise exit 4,
// both addresses named, and no request leaves. Real loopback servers record what reaches them.
import { chownSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';
import { cliUid, freshHome, runAsUser } from '../helpers/unprivileged.js';

const PROD_TOKEN = 'tok_prod_0123456789abcdef';
const DEV_TOKEN = 'tok_dev_0123456789abcdef';
const ENV_TOKEN = 'tok_env_0123456789abcdef';

let home: TestServer;
let other: TestServer;
const list = { success: true, data: [], total_pages: 1 };

beforeAll(async () => {
  home = await startTestServer((_req, res) => sendJson(res, 200, list));
  other = await startTestServer((_req, res) => sendJson(res, 200, list));
});
afterAll(async () => {
  await home.close();
  await other.close();
});

function configWith(profiles: Record<string, { baseUrl?: string; token?: string }>, owner?: number): string {
  const dir = owner === undefined ? tempConfigDir() : join(freshHome(), 'config');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
  if (owner !== undefined && owner !== process.getuid?.()) {
    chownSync(dir, owner, owner);
    chownSync(join(dir, 'config.json'), owner, owner);
  }
  return dir;
}

const authorizations = (server: TestServer) => server.requests.map((request) => request.headers.authorization);

describe('a saved token goes only to the address it was saved for', () => {
  it('--base-url naming another address: exit 4 naming both, and nothing reaches it', async () => {
    const configDir = configWith({ default: { baseUrl: home.url, token: PROD_TOKEN } });
    const before = other.requests.length;
    const result = await runCli(['list', '--base-url', other.url], { configDir });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(`the token of profile "default" was saved for ${home.url}, not ${other.url}`);
    expect(result.stderr).toContain(`agents login --base-url ${other.url}`);
    expect(result.stderr).toContain('AGENTS_TOKEN');
    expect(other.requests.length).toBe(before);
    expect(result.stdout + result.stderr).not.toContain(PROD_TOKEN);
  });

  it('AGENTS_BASE_URL naming another address: the same, with --json giving the error document', async () => {
    const configDir = configWith({ default: { baseUrl: home.url, token: PROD_TOKEN } });
    const before = other.requests.length;
    const result = await runCli(['list', '--json'], { configDir, env: { AGENTS_BASE_URL: other.url } });
    expect(result.code).toBe(4);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { kind: 'auth', exitCode: 4 } });
    expect(other.requests.length).toBe(before);
  });

  it('the same address written another way (a slash, /api/v1, the host in capitals) is the same address', async () => {
    const configDir = configWith({ default: { baseUrl: home.url, token: PROD_TOKEN } });
    const before = home.requests.length;
    const written = home.url.replace('http://127.0.0.1', 'HTTP://127.0.0.1') + '/api/v1/';
    const result = await runCli(['list', '-q', '--base-url', written], { configDir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(authorizations(home).slice(before)).toEqual([`Bearer ${PROD_TOKEN}`]);
  });

  it('another port or path is another address', async () => {
    const configDir = configWith({ default: { baseUrl: `${home.url}/tenant-a`, token: PROD_TOKEN } });
    const before = home.requests.length;
    const result = await runCli(['list', '--base-url', `${home.url}/tenant-b`], { configDir });
    expect(result.code).toBe(4);
    expect(home.requests.length).toBe(before);
  });

  it('--profile naming a profile saved for that address sends that profile’s token', async () => {
    const configDir = configWith({
      default: { baseUrl: home.url, token: PROD_TOKEN },
      dev: { baseUrl: other.url, token: DEV_TOKEN },
    });
    const before = other.requests.length;
    const result = await runCli(['list', '--profile', 'dev', '--base-url', other.url], { configDir });
    expect(result.code).toBe(0);
    expect(authorizations(other).slice(before)).toEqual([`Bearer ${DEV_TOKEN}`]);
  });

  it('no silent switch of profile: a profile saved for that address is not picked unless named', async () => {
    const configDir = configWith({
      default: { baseUrl: home.url, token: PROD_TOKEN },
      dev: { baseUrl: other.url, token: DEV_TOKEN },
    });
    const before = other.requests.length;
    const result = await runCli(['list', '--base-url', other.url], { configDir });
    expect(result.code).toBe(4);
    expect(other.requests.length).toBe(before);
  });

  it('AGENTS_TOKEN goes to the address the line names', async () => {
    const configDir = configWith({ default: { baseUrl: home.url, token: PROD_TOKEN } });
    const before = other.requests.length;
    const result = await runCli(['list', '--base-url', other.url], { configDir, env: { AGENTS_TOKEN: ENV_TOKEN } });
    expect(result.code).toBe(0);
    expect(authorizations(other).slice(before)).toEqual([`Bearer ${ENV_TOKEN}`]);
  });

  it('a token saved with no address goes nowhere', async () => {
    const configDir = configWith({ default: { token: PROD_TOKEN } });
    const before = other.requests.length;
    const result = await runCli(['list', '--base-url', other.url], { configDir });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('has no address saved with it');
    expect(other.requests.length).toBe(before);
  });

  it('as another user of a shared machine would meet it: the CLI run as a second uid sends nothing to a port it did not save', async () => {
    const configDir = configWith({ default: { baseUrl: home.url, token: PROD_TOKEN } }, cliUid);
    const before = other.requests.length;
    const result = await runAsUser(['list', '--base-url', other.url], { env: { AGENTS_CONFIG_DIR: configDir } });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(`saved for ${home.url}, not ${other.url}`);
    expect(other.requests.length).toBe(before);
  });
});

describe('status says which address the token belongs to', () => {
  it('also when the line names another address: shown, with its address, as not sent', async () => {
    const configDir = configWith({ default: { baseUrl: home.url, token: PROD_TOKEN } });
    const human = await runCli(['status', '--base-url', other.url], { configDir });
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(
      new RegExp(`token\\s+\\*{4}cdef \\(from .*config\\.json, for ${home.url}\\) not sent to ${other.url}`),
    );
    const json = JSON.parse((await runCli(['status', '--json', '--base-url', other.url], { configDir })).stdout);
    expect(json).toMatchObject({ baseUrl: other.url, tokenSource: 'profile', tokenFor: home.url, tokenSent: false });
    const atHome = JSON.parse((await runCli(['status', '--json'], { configDir })).stdout);
    expect(atHome).toMatchObject({ baseUrl: home.url, tokenFor: home.url, tokenSent: true });
  });
});

describe('AGENTS_TOKEN beside a named profile with a token of its own', () => {
  it('says on stderr which token is sent', async () => {
    const configDir = configWith({ dev: { baseUrl: other.url, token: DEV_TOKEN } });
    const result = await runCli(['list', '--profile', 'dev'], { configDir, env: { AGENTS_TOKEN: ENV_TOKEN } });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('AGENTS_TOKEN is set: it is sent, not the token saved in profile "dev"');
  });

  it('says nothing when the profile has no token of its own', async () => {
    const configDir = configWith({ dev: { baseUrl: other.url } });
    const result = await runCli(['list', '-q', '--profile', 'dev'], { configDir, env: { AGENTS_TOKEN: ENV_TOKEN } });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });
});

describe('config set base-url', () => {
  it('refuses to move a profile whose token was saved for another address', async () => {
    const configDir = configWith({ default: { baseUrl: home.url, token: PROD_TOKEN } });
    const result = await runCli(['config', 'set', 'base-url', other.url], { configDir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`holds a token saved for ${home.url}`);
    const status = JSON.parse((await runCli(['status', '--json'], { configDir })).stdout);
    expect(status.baseUrl).toBe(home.url);
  });

  it('sets it on a profile without a token, or to the same address', async () => {
    const configDir = configWith({ default: { baseUrl: home.url, token: PROD_TOKEN }, bare: {} });
    expect((await runCli(['config', 'set', 'base-url', `${home.url}/`], { configDir })).code).toBe(0);
    expect((await runCli(['config', 'set', 'base-url', other.url, '--profile', 'bare'], { configDir })).code).toBe(0);
  });
});
