// The requests and answers every command shares (errors, the program, retries), with undici's
// MockAgent as the service; each command's own are beside it, in src/commands/<name>/.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { useMockService, ORIGIN, TOKEN, AGENT } from '../helpers/mock-service.js';

const { calls, run, reply, pool } = useMockService();

describe('errors through commands', () => {
  const cases: Array<[string, number, unknown, number, RegExp]> = [
    ['401', 401, { detail: 'Invalid token or expired token' }, 4, /Invalid token or expired token\nCheck the token/],
    ['403 of the real service', 403, { detail: 'Not authenticated' }, 4, /Not authenticated/],
    [
      '404 of a strict server',
      404,
      { detail: 'Agent 0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11 not found' },
      5,
      /^error: agent 0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11 not found\n`agents list` shows the agents you can reach/, // every kind says it the same way
    ],
    [
      "the web framework's bare 404",
      404,
      { detail: 'Not Found' },
      5,
      /has no \/api\/v1\/agents\/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11\nCheck --base-url/,
    ],
    [
      'the real missing-agent 500',
      500,
      { detail: "'NoneType' object has no attribute 'metadata'" },
      5,
      /^error: agent 0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11 not found$/m,
    ],
    [
      'a 422 list',
      422,
      { detail: [{ loc: ['body', 'name'], msg: 'field required', type: 'value_error.missing' }] },
      2,
      /\n {2}name: field required/,
    ],
    ['plain-text 500', 500, 'Internal Server Error', 1, /HTTP 500: Internal Server Error/],
  ];
  for (const [name, status, body, code, message] of cases) {
    it(`${name} → exit ${code}, one clear message, no stack trace`, async () => {
      reply('GET', '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11', status, body, 4); // a GET may be retried on 5xx
      const result = await run(['get', '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11']);
      expect(result.code).toBe(code);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout).toBe('');
    });
  }

  it('an HTML 502 is shown as a trimmed excerpt without tags', async () => {
    pool()
      .intercept({ method: 'GET', path: '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11' })
      .reply(502, '<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>', {
        headers: { 'content-type': 'text/html' },
      })
      .times(4);
    const result = await run(['get', '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('HTTP 502: 502 Bad Gateway nginx');
    expect(result.stderr).not.toContain('<');
  });

  it('no token configured → exit 4 naming agents login, no request', async () => {
    const result = await run(['get', '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11'], { env: { AGENTS_TOKEN: undefined } });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('agents login');
    expect(calls()).toHaveLength(0);
  });

  it('plain http to a non-loopback host is refused before any request', async () => {
    const result = await run(['get', '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11'], {
      env: { AGENTS_BASE_URL: 'http://agents.example.com' },
    });
    expect(result.code).toBe(2);
    expect(calls()).toHaveLength(0);
  });

  it('--debug shows the exchange on stderr and never the token', async () => {
    reply('GET', '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11', 200, { success: true, data: AGENT });
    const result = await run(['get', '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11', '--debug']);
    expect(result.stderr).toContain(`→ GET ${ORIGIN}/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11`);
    expect(result.stderr).toContain('authorization: Bearer [redacted]');
    expect(result.stderr + result.stdout).not.toContain(TOKEN);
  });
});

describe('program', () => {
  it('global flags work before and after the subcommand', async () => {
    reply('GET', '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11', 200, { success: true, data: AGENT });
    reply('GET', '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11', 200, { success: true, data: AGENT });
    const before = await run(['--json', 'get', '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11']);
    const after = await run(['get', '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11', '--json']);
    expect(JSON.parse(before.stdout)).toEqual(AGENT);
    expect(after.stdout).toBe(before.stdout);
  });

  it('every command and group has help with examples, exit 0', async () => {
    const { commandPaths } = await import('../helpers/program-commands.js');
    const paths = commandPaths().filter((path) => path.length > 0);
    expect(paths.length).toBeGreaterThan(50);
    for (const path of paths) {
      const result = await runCli([...path, '--help']);
      expect(result.code, path.join(' ')).toBe(0);
      expect(result.stdout, path.join(' ')).toContain('Examples:');
    }
  });

  it("every subcommand's help lists the global options; `agents help` is `agents --help`, footer included", async () => {
    for (const path of [['invoke'], ['config', 'set'], ['emulator']]) {
      const help = await runCli([...path, '--help']);
      expect(help.stdout, path.join(' ')).toMatch(
        /Global Options:[\s\S]*--base-url <url>[\s\S]*--timeout <seconds>[\s\S]*--no-color/,
      );
    }
    const viaHelp = await runCli(['help']);
    const viaFlag = await runCli(['--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toContain('Examples:\n  $ agents emulator');
    expect((await runCli(['help', 'invoke'])).stdout).toBe((await runCli(['invoke', '--help'])).stdout);
  });

  it('an unknown command or flag is exit 2 with a suggestion', async () => {
    const command = await runCli(['ceate']);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('Did you mean create?');
    const flag = await runCli(['list', '--limt', '3']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('Did you mean --limit?');
  });
});

describe('retries through commands', () => {
  it('a GET that fails with a 500 is retried, but the real missing-agent 500 is not', async () => {
    reply('GET', '/api/v1/agents/0f1a0000-0000-4000-8000-000000000001', 500, 'Internal Server Error');
    reply('GET', '/api/v1/agents/0f1a0000-0000-4000-8000-000000000001', 200, { success: true, data: AGENT });
    expect((await run(['get', '0f1a0000-0000-4000-8000-000000000001'])).code).toBe(0);
    reply(
      'GET',
      '/api/v1/agents/00000000-0000-4000-8000-0000000000ff',
      500,
      { detail: "'NoneType' object has no attribute 'metadata'" },
      4,
    );
    expect((await run(['get', '00000000-0000-4000-8000-0000000000ff'])).code).toBe(5);
    expect(calls().filter((c) => c.path === '/api/v1/agents/00000000-0000-4000-8000-0000000000ff')).toHaveLength(1);
  });
});
