// The config store on real files in a temp AGENTS_CONFIG_DIR.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, assertBuilt } from '../helpers/binary.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';

const TOKEN = 'tok_config_secret_abcdef123456';
const mode = (path: string) => statSync(path).mode & 0o777;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function login(configDir: string, extra: string[] = [], token = TOKEN) {
  return runCli(['login', '--base-url', 'https://agents.example.com', '--token-stdin', '--skip-verify', ...extra], {
    configDir,
    stdin: token + '\n',
  });
}

describe('file modes', () => {
  it('login, config set and logout leave the file 0600 in a 0700 folder', async () => {
    const dir = tempConfigDir();
    expect((await login(dir)).code).toBe(0);
    const file = join(dir, 'config.json');
    expect([mode(dir), mode(file)]).toEqual([0o700, 0o600]);
    expect((await runCli(['config', 'set', 'timeout', '12'], { configDir: dir })).code).toBe(0);
    expect([mode(dir), mode(file)]).toEqual([0o700, 0o600]);
    expect((await runCli(['logout'], { configDir: dir })).code).toBe(0);
    expect([mode(dir), mode(file)]).toEqual([0o700, 0o600]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      profiles: { default: { baseUrl: 'https://agents.example.com', timeout: 12 } },
    });
  });

  it('tightens a folder that already existed as 0755 and a file that was 0644', async () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'config.json'), '{}', { mode: 0o644 });
    chmodSync(join(dir, 'config.json'), 0o644);
    await login(dir);
    expect([mode(dir), mode(join(dir, 'config.json'))]).toEqual([0o700, 0o600]);
  });
});

describe('precedence: flag > environment > profile > default', () => {
  it('for the base URL and the timeout', async () => {
    const dir = tempConfigDir();
    await login(dir);
    await runCli(['config', 'set', 'timeout', '30'], { configDir: dir });
    const status = async (args: string[], env: Record<string, string> = {}) =>
      JSON.parse((await runCli(['status', '--json', ...args], { configDir: dir, env })).stdout);

    expect(await status([])).toMatchObject({
      baseUrl: 'https://agents.example.com',
      baseUrlSource: 'profile',
      timeoutSeconds: 30,
    });
    expect(await status([], { AGENTS_BASE_URL: 'https://env.example.com', AGENTS_TIMEOUT: '45' })).toMatchObject({
      baseUrl: 'https://env.example.com',
      baseUrlSource: 'env',
      timeoutSeconds: 45,
    });
    expect(
      await status(['--base-url', 'https://flag.example.com/api/v1/', '--timeout', '5'], {
        AGENTS_BASE_URL: 'https://env.example.com',
      }),
    ).toMatchObject({
      baseUrl: 'https://flag.example.com',
      baseUrlSource: 'flag',
      timeoutSeconds: 5,
    });
    await runCli(['config', 'unset', 'timeout'], { configDir: dir });
    expect(await status([])).toMatchObject({ timeoutSeconds: 60 });
  });

  it('profiles are chosen by --profile or AGENTS_PROFILE, and the token by AGENTS_TOKEN first', async () => {
    const dir = tempConfigDir();
    await login(dir);
    await runCli(
      ['login', '--profile', 'staging', '--base-url', 'https://staging.example.com', '--token-stdin', '--skip-verify'],
      {
        configDir: dir,
        stdin: 'tok_staging_0000000000001',
      },
    );
    const status = async (args: string[], env: Record<string, string> = {}) =>
      JSON.parse((await runCli(['status', '--json', ...args], { configDir: dir, env })).stdout);
    expect(await status(['--profile', 'staging'])).toMatchObject({
      profile: 'staging',
      baseUrl: 'https://staging.example.com',
      token: '****0001',
    });
    expect(await status([], { AGENTS_PROFILE: 'staging' })).toMatchObject({ profile: 'staging' });
    expect(await status([], { AGENTS_TOKEN: 'tok_from_env_999999999' })).toMatchObject({
      tokenSource: 'env',
      token: '****9999',
    });
  });
});

describe('status never shows the token', () => {
  it('masks it in human and JSON output and names where it came from', async () => {
    const dir = tempConfigDir();
    await login(dir);
    const human = await runCli(['status'], { configDir: dir });
    expect(human.stdout).toContain('token        ****3456');
    expect(human.stdout).toContain(join(dir, 'config.json'));
    const json = await runCli(['status', '--json'], { configDir: dir });
    for (const out of [human.stdout, human.stderr, json.stdout, json.stderr]) expect(out).not.toContain(TOKEN);
  });
});

describe('a config file a Windows editor saved', () => {
  it('starting with a UTF-8 byte-order mark is read, and a write keeps its settings', async () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'config.json');
    writeFileSync(file, '\ufeff' + JSON.stringify({ profiles: { default: { baseUrl: 'https://bom.example.com' } } }));
    const status = await runCli(['status', '--json'], { configDir: dir });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ baseUrl: 'https://bom.example.com', baseUrlSource: 'profile' });
    expect((await runCli(['config', 'set', 'timeout', '9'], { configDir: dir })).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8').replace(/^\ufeff/, ''))).toMatchObject({
      profiles: { default: { baseUrl: 'https://bom.example.com', timeout: 9 } },
    });
  });
});

describe('a corrupt config file', () => {
  const corruptions: Array<[string, string]> = [
    ['invalid JSON', '{"profiles": {'],
    ['the wrong shape', '{"profiles": {"default": {"timeout": "soon"}}}'],
    ['not an object', '[1, 2]'],
  ];
  for (const [name, content] of corruptions) {
    it(`(${name}) is named in a one-line error, exit 2, and left byte for byte`, async () => {
      const dir = tempConfigDir();
      mkdirSync(dir, { recursive: true });
      const file = join(dir, 'config.json');
      writeFileSync(file, content);
      for (const argv of [
        ['status'],
        ['config', 'set', 'timeout', '5'],
        ['login', '--base-url', 'https://x.example.com', '--token-stdin', '--skip-verify'],
      ]) {
        const result = await runCli(argv, { configDir: dir, stdin: TOKEN });
        expect(result.code).toBe(2);
        expect(result.stderr.split('\n')[0]).toContain(`${file} is not valid`);
        expect(result.stderr).not.toMatch(/\n\s+at /);
      }
      expect(readFileSync(file, 'utf8')).toBe(content);
    });
  }

  it('larger than the 16 MiB cap of every input is refused unread, exit 2, and left in place', async () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'config.json');
    writeFileSync(file, '{}');
    truncateSync(file, 17 * 1024 * 1024); // sparse: costs no disk
    const result = await runCli(['status'], { configDir: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^error: cannot read ${file}: larger than 16 MiB\n`));
    expect(statSync(file).size).toBe(17 * 1024 * 1024);
  });
});

describe('config get|set|unset|list', () => {
  it('round-trips values and rejects bad ones with exit 2', async () => {
    const dir = tempConfigDir();
    const run = (...argv: string[]) => runCli(argv, { configDir: dir });
    expect((await run('config', 'set', 'base-url', 'https://agents.example.com/')).code).toBe(0);
    expect((await run('config', 'get', 'base-url')).stdout).toBe('https://agents.example.com\n');
    expect((await run('config', 'set', 'allow-insecure-http', 'yes')).code).toBe(0);
    expect(JSON.parse((await run('config', 'list', '--json')).stdout)).toEqual({
      'base-url': 'https://agents.example.com',
      timeout: null,
      'allow-insecure-http': true,
      logs: null,
      'logs.max-runs': null,
      'logs.max-days': null,
    });
    expect((await run('config', 'unset', 'allow-insecure-http')).code).toBe(0);
    expect((await run('config', 'get', 'allow-insecure-http', '--json')).stdout).toContain('"value": null');
    for (const bad of [
      ['timeout', 'abc'],
      ['timeout', '-1'],
      ['base-url', 'ftp://x'],
      ['no-such-key', '1'],
    ]) {
      const result = await run('config', 'set', ...bad);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/error/);
    }
  });
});

describe('login and logout', () => {
  it('logout of a profile that is not there is exit 2 naming the profiles there are; nothing changes', async () => {
    const dir = tempConfigDir();
    await login(dir, ['--profile', 'work']);
    const before = readFileSync(join(dir, 'config.json'), 'utf8');
    const typo = await runCli(['logout', '--profile', 'wrok'], { configDir: dir });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('there is no profile "wrok"');
    expect(typo.stderr).toContain('Profiles here: work.');
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(before);
    expect((await runCli(['logout', '--profile', 'work'], { configDir: dir })).code).toBe(0);
    expect((await runCli(['logout'], { configDir: dir })).code).toBe(0); // default: nothing saved, nothing wrong
  });

  it('checks the token against the service and does not save a rejected one', async () => {
    server = await startTestServer((req, res) =>
      req.headers.authorization === `Bearer ${TOKEN}`
        ? sendJson(res, 200, { success: true, data: [], total_pages: 0 })
        : sendJson(res, 401, { detail: 'Invalid token or expired token' }),
    );
    const dir = tempConfigDir();
    const rejected = await runCli(['login', '--base-url', server.url, '--token-stdin'], {
      configDir: dir,
      stdin: 'tok_wrong_0000000000',
    });
    expect(rejected.code).toBe(4);
    expect(rejected.stderr).toContain('Invalid token or expired token');
    expect(() => readFileSync(join(dir, 'config.json'))).toThrow();
    const accepted = await runCli(['login', '--base-url', server.url, '--token-stdin'], {
      configDir: dir,
      stdin: TOKEN,
    });
    expect(accepted.code).toBe(0);
    expect(server.requests.at(-1)!.url).toBe('/api/v1/agents?skip=0&take=1');
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default.token).toBe(TOKEN);
  });

  it('without a token and without a terminal, names --token-stdin', async () => {
    const result = await runCli(['login', '--base-url', 'https://agents.example.com']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--token-stdin');
  });

  it('refuses plain http to a non-loopback host unless opted in', async () => {
    const dir = tempConfigDir();
    const refused = await runCli(
      ['login', '--base-url', 'http://agents.example.com', '--token-stdin', '--skip-verify'],
      { configDir: dir, stdin: TOKEN },
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing to send the token over plain http');
    await runCli(['config', 'set', 'allow-insecure-http', 'true'], { configDir: dir });
    const allowed = await runCli(
      ['login', '--base-url', 'http://agents.example.com', '--token-stdin', '--skip-verify'],
      { configDir: dir, stdin: TOKEN },
    );
    expect(allowed.code).toBe(0);
  });
});

describe('concurrent writers', () => {
  it('two processes setting config at once leave valid JSON', async () => {
    assertBuilt();
    const dir = tempConfigDir();
    const env = { ...process.env, AGENTS_CONFIG_DIR: dir };
    const set = (key: string, value: string) =>
      new Promise<number | null>((resolve) =>
        spawn(process.execPath, [BIN, 'config', 'set', key, value], { env, stdio: 'ignore' }).on('close', resolve),
      );
    for (let round = 0; round < 5; round++) {
      const codes = await Promise.all([
        set('timeout', String(10 + round)),
        set('base-url', `https://h${round}.example.com`),
      ]);
      expect(codes).toEqual([0, 0]);
      const data = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
      expect(typeof data.profiles.default).toBe('object');
    }
  });
});
