// What `agents api` and `whoami` print of a hostile service's answer, and a
// token or header that is malformed. A real loopback server answers; the CLI runs in-process, on a
// pseudo-terminal where what a person sees is the point.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { python, runInPty } from '../helpers/pty.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';
import { renderScreen } from '../helpers/screen.js';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';

const API_KEY = 'key_ci_0123456789abcdef';
const MAIN_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.main-user-token';
const LLM_KEY = 'sk-llm-provider-key-0123456789';
const TOOL_KEY = 'bing-search-key-0123456789';
const ME = { id: 'user-1\n\u202eevil', email: 'a@b.c\x1b]0;pwned\x07\u009b31m', token: MAIN_TOKEN };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/api/v1/api-users/me'))
      return sendJson(res, 200, { success: true, data: ME }, { 'set-cookie': 'session=cookie-secret-value' });
    if (url.startsWith('/api/v1/llms'))
      return sendJson(res, 200, { success: true, data: [{ id: 'l1', provider: 'OPENAI', apiKey: LLM_KEY }] });
    if (url.startsWith('/api/v1/tools'))
      return sendJson(res, 200, {
        success: true,
        data: [{ id: 't1', name: 'search', metadata: JSON.stringify({ bingSearchApiKey: TOOL_KEY }) }],
        total_pages: 1,
      });
    sendJson(res, 200, { success: true, data: { echoed: req.headers } });
  });
});
afterAll(() => server.close());

const env = () => ({ AGENTS_BASE_URL: server.url, AGENTS_TOKEN: API_KEY });
const secretsIn = (text: string) => [API_KEY, MAIN_TOKEN, LLM_KEY, TOOL_KEY].filter((secret) => text.includes(secret));

describe('agents api never prints a credential it was not asked for', () => {
  it('raw output: the account’s main token, an LLM key and a tool key inside metadata text are [redacted]', async () => {
    for (const path of ['api-users/me', 'llms', 'tools', 'tools --paginate']) {
      const result = await runCli(['api', ...path.split(' ')], { env: env() });
      expect(result.code, path).toBe(0);
      expect(secretsIn(result.stdout + result.stderr), path).toEqual([]);
      expect(result.stdout, path).toContain('[redacted]');
      expect(() => JSON.parse(result.stdout) as unknown, path).not.toThrow();
    }
  });

  it('with -i the body is redacted too, and credential headers of the answer', async () => {
    const result = await runCli(['api', 'api-users/me', '-i'], { env: env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^set-cookie: \[redacted\]$/m);
    expect(result.stdout).not.toContain('cookie-secret-value');
    expect(secretsIn(result.stdout)).toEqual([]);
  });

  it('--show-secrets shows the values under secret-named keys (the run’s own token stays scrubbed)', async () => {
    const result = await runCli(['api', 'api-users/me', '--show-secrets'], { env: env() });
    expect(result.stdout).toContain(MAIN_TOKEN);
    const llms = await runCli(['api', 'llms', '--show-secrets'], { env: env() });
    expect(llms.stdout).toContain(LLM_KEY);
  });

  it('--debug redacts credential -H values and secret-named keys of the request body', async () => {
    const result = await runCli(
      [
        'api',
        'things',
        '-X',
        'POST',
        '-H',
        'X-Api-Key: header-key-0123456789',
        '-H',
        'Cookie: sid=cookie-0123456789',
        '-H',
        'X-Trace: visible-trace',
        '-f',
        'name=plain-name',
        '-f',
        'apiKey=body-key-0123456789',
        '--debug',
      ],
      { env: env() },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('x-trace: visible-trace');
    expect(result.stderr).toContain('x-api-key: [redacted]');
    expect(result.stderr).toContain('cookie: [redacted]');
    expect(result.stderr).toContain('plain-name');
    for (const secret of ['header-key-0123456789', 'cookie-0123456789', 'body-key-0123456789'])
      expect(result.stderr).not.toContain(secret);
  });
});

describe('a malformed token or header is the user’s input, not an outage', () => {
  it('a token with a trailing CR (a key file saved on Windows) is sent without it', async () => {
    const before = server.requests.length;
    const result = await runCli(['api', 'api-users/me'], { env: { ...env(), AGENTS_TOKEN: `${API_KEY}\r\n` } });
    expect(result.code).toBe(0);
    expect(server.requests.slice(before).map((r) => r.headers.authorization)).toEqual([`Bearer ${API_KEY}`]);
  });

  it('a saved token with a trailing CR too', async () => {
    const configDir = tempConfigDir();
    const login = await runCli(['login', '--token-stdin', '--skip-verify', '--base-url', server.url], {
      configDir,
      stdin: API_KEY,
    });
    expect(login.code).toBe(0);
    const { writeFileSync, readFileSync } = await import('node:fs');
    const file = `${configDir}/config.json`;
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { profiles: { default: { token: string } } };
    saved.profiles.default.token = `${API_KEY}\r`;
    writeFileSync(file, JSON.stringify(saved), { mode: 0o600 });
    const before = server.requests.length;
    const result = await runCli(['api', 'api-users/me'], { configDir });
    expect(result.code).toBe(0);
    expect(server.requests.slice(before).map((r) => r.headers.authorization)).toEqual([`Bearer ${API_KEY}`]);
  });

  it('a token that holds a control character inside is exit 4 naming where it came from; nothing is sent', async () => {
    const before = server.requests.length;
    const result = await runCli(['list'], { env: { ...env(), AGENTS_TOKEN: 'abc\x07def' } });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('AGENTS_TOKEN holds a character no token has (U+0007 at position 4)');
    expect(result.stderr).not.toContain('abc');
    expect(server.requests.length).toBe(before);
  });

  it('an -H value with CR or LF is exit 2, and nothing is sent', async () => {
    for (const value of ['a\r\nX-Injected: 1', 'a\nb']) {
      const before = server.requests.length;
      const result = await runCli(['api', 'things', '-H', `X-Thing: ${value}`], { env: env() });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('X-Thing: the value holds a line break');
      expect(server.requests.length).toBe(before);
    }
  });
});

describe.skipIf(!python())('service text is escaped on every screen', () => {
  async function screen(args: string[]) {
    const run = await runInPty(
      args,
      [],
      { ...env(), AGENTS_CONFIG_DIR: tempConfigDir(), NO_COLOR: '1' },
      {
        cols: 100,
        rows: 20,
      },
    );
    expect(run.failure).toBeNull();
    return { ...(await renderScreen(run.bytes, 100, 20)), code: run.code };
  }

  it('whoami shows the id and email escaped: no forged line, no reordering, no title', async () => {
    const { lines, code, title } = await screen(['whoami']);
    expect(code).toBe(0);
    expect(title).toBeUndefined();
    expect(lines.slice(0, 2)).toEqual(['user      user-1^J<U+202E>evil', 'email     a@b.c^[]0;pwned^G^[[31m']);
  });

  it('agents api’s pretty JSON on a terminal escapes C1 controls and bidi characters', async () => {
    const { lines, code, title } = await screen(['api', 'api-users/me']);
    expect(code).toBe(0);
    expect(title).toBeUndefined();
    expect(lines.join('\n')).toContain('"id": "user-1\\n<U+202E>evil"');
    expect(lines.join('\n')).toContain('"email": "a@b.c\\u001b]0;pwned\\u0007^[[31m"');
  });
});
