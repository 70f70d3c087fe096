// Each command's exact request and printed output, with undici's MockAgent as the network.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type RunOptions } from '../helpers/run-cli.js';

const ORIGIN = 'https://agents.example.com';
const TOKEN = 'tok_mock_secret_0123456789';
const AGENT = {
  id: '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11',
  name: 'Docs bot',
  description: 'answers',
  llmModel: 'GPT_4_0',
  isActive: true,
};

let agent: MockAgent;
beforeEach(() => {
  agent = new MockAgent({ enableCallHistory: true });
  agent.disableNetConnect();
});
afterEach(() => agent.close());

const pool = () => agent.get(ORIGIN);
const calls = () => agent.getCallHistory()?.calls() ?? [];
const run = (argv: string[], options: RunOptions = {}) =>
  runCli(argv, {
    ...options,
    dispatcher: agent,
    env: { AGENTS_BASE_URL: ORIGIN, AGENTS_TOKEN: TOKEN, ...options.env },
  });

function reply(method: string, path: string, status: number, body: unknown, times = 1) {
  pool()
    .intercept({ method, path: (p) => p.split('?')[0] === path })
    .reply(status, typeof body === 'string' ? body : JSON.stringify(body), {
      headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' },
    })
    .times(times);
}

describe('create', () => {
  it('sends the fields as JSON with the bearer token, accept and user agent', async () => {
    reply('POST', '/api/v1/agents', 200, { success: true, data: AGENT });
    const result = await run([
      'create',
      '--name',
      'Docs bot',
      '--description',
      'answers',
      '--llm-model',
      'GPT_4_0',
      '--no-active',
      '--llm-provider',
      'OPENAI',
    ]);
    expect(result.code).toBe(0);
    const [call] = calls();
    expect(call!.method).toBe('POST');
    expect(call!.path).toBe('/api/v1/agents');
    expect(JSON.parse(call!.body!)).toEqual({
      name: 'Docs bot',
      description: 'answers',
      llmModel: 'GPT_4_0',
      llmProvider: 'OPENAI',
      isActive: false,
    });
    expect(call!.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(String(call!.headers!['user-agent'])).toMatch(/^agents-cli\/\d+\.\d+\.\d+ /);
    expect(result.stdout).toMatch(/^id\s+0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11$/m);
    expect(result.stderr).toContain('Created agent Docs bot');
  });

  it('-q prints only the id; --json prints the agent; both shapes of answer work', async () => {
    reply('POST', '/api/v1/agents', 200, { success: true, data: AGENT });
    expect((await run(['create', '-q', '--name', 'a', '--description', 'b', '--llm-model', 'GPT_4'])).stdout).toBe(
      '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11\n',
    );
    reply('POST', '/api/v1/agents', 201, AGENT); // a strict server: bare object, 201
    const json = await run(['--json', 'create', '--name', 'a', '--description', 'b', '--llm-model', 'GPT_4']);
    expect(JSON.parse(json.stdout)).toEqual(AGENT);
  });

  it('reads --file (JSON, YAML, stdin) and lets flags override it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agents-file-'));
    writeFileSync(
      join(dir, 'a.yaml'),
      'name: From YAML\ndescription: |\n  two\n  lines\nllmModel: GPT_4\nisActive: false\n',
    );
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ name: 'From JSON', description: 'd', llmModel: 'GPT_4' }));
    for (let i = 0; i < 3; i++) reply('POST', '/api/v1/agents', 200, { success: true, data: AGENT });
    await run(['create', '-f', join(dir, 'a.yaml'), '--name', 'Flag wins']);
    await run(['create', '--file', join(dir, 'a.json')]);
    await run(['create', '-f', '-'], { stdin: '{"name": "stdin", "description": "d", "llmModel": "GPT_4"}' });
    expect(calls().map((c) => JSON.parse(c.body!))).toEqual([
      { name: 'Flag wins', description: 'two\nlines\n', llmModel: 'GPT_4', isActive: false },
      { name: 'From JSON', description: 'd', llmModel: 'GPT_4' },
      { name: 'stdin', description: 'd', llmModel: 'GPT_4' },
    ]);
  });

  it('names every missing flag, unknown file fields and bad YAML lines before any request', async () => {
    const missing = await run(['create', '--name', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing --description, --llm-model');
    const dir = mkdtempSync(join(tmpdir(), 'agents-file-'));
    writeFileSync(join(dir, 'bad.yaml'), 'name: x\ncolour: blue\n');
    const unknown = await run(['create', '-f', join(dir, 'bad.yaml')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown field colour');
    writeFileSync(join(dir, 'broken.yaml'), 'name: x\ndescription: [unclosed\n');
    const broken = await run(['create', '-f', join(dir, 'broken.yaml')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/broken\.yaml:\d+:\d+: not valid JSON or YAML: /);
    const wrongType = await run(['create', '-f', '-'], { stdin: '{"name": 5}' });
    expect(wrongType.stderr).toContain('name in stdin: must be a string');
    const nofile = await run(['create', '-f', join(dir, 'nope.yaml')]);
    expect(nofile.stderr).toContain('no such file');
    expect(calls()).toHaveLength(0);
  });
});

describe('update', () => {
  it('sends only the given fields, to one encoded path segment', async () => {
    // Not a UUID, so the CLI looks it up in the list (which has it) before using it.
    reply('GET', '/api/v1/agents', 200, { success: true, data: [{ ...AGENT, id: '../x' }] });
    reply('PATCH', '/api/v1/agents/..%2Fx', 200, { success: true, data: { ...AGENT, id: '../x', prompt: 'p' } });
    const result = await run(['update', '../x', '--prompt', 'p']);
    expect(result.code).toBe(0);
    expect(calls()[1]!.path).toBe('/api/v1/agents/..%2Fx');
    expect(JSON.parse(calls()[1]!.body!)).toEqual({ prompt: 'p' });
  });

  it('an id with ?, # and spaces stays one segment; data:null is fine; -q prints nothing', async () => {
    reply('GET', '/api/v1/agents', 200, { success: true, data: [{ ...AGENT, id: 'a/b?c#d e' }] });
    reply('PATCH', '/api/v1/agents/a%2Fb%3Fc%23d%20e', 200, { success: true, data: null });
    const result = await run(['update', 'a/b?c#d e', '--active', '-q']);
    expect(result).toMatchObject({ code: 0, stdout: '' });
  });

  it('with nothing to change is a usage error and sends nothing', async () => {
    const result = await run(['update', '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('nothing to update');
    expect(calls()).toHaveLength(0);
  });
});

describe('add-tool, add-datasource, add-llm', () => {
  it('send toolId/datasourceId/llmId, one request per id', async () => {
    reply('POST', '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11/tools', 200, { success: true, data: null });
    reply('POST', '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11/tools', 200, { success: true, data: null });
    reply('POST', '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11/datasources', 200, {
      success: true,
      data: null,
    });
    reply('POST', '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11/llms', 200, { success: true, data: null });
    const tools = await run([
      'add-tool',
      '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11',
      '5b0d6a7e-0000-4000-8000-000000000001',
      '5b0d6a7e-0000-4000-8000-000000000002',
      '--json',
    ]);
    expect(JSON.parse(tools.stdout)).toEqual([
      {
        agentId: '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11',
        toolId: '5b0d6a7e-0000-4000-8000-000000000001',
        attached: true,
        alreadyAttached: false,
      },
      {
        agentId: '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11',
        toolId: '5b0d6a7e-0000-4000-8000-000000000002',
        attached: true,
        alreadyAttached: false,
      },
    ]);
    await run(['add-datasource', '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11', '9c1e2f3a-0000-4000-8000-000000000001']);
    await run(['add-llm', '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11', 'a2b4c6d8-0000-4000-8000-000000000001']);
    expect(calls().map((c) => [c.path, JSON.parse(c.body!)])).toEqual([
      ['/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11/tools', { toolId: '5b0d6a7e-0000-4000-8000-000000000001' }],
      ['/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11/tools', { toolId: '5b0d6a7e-0000-4000-8000-000000000002' }],
      [
        '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11/datasources',
        { datasourceId: '9c1e2f3a-0000-4000-8000-000000000001' },
      ],
      ['/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11/llms', { llmId: 'a2b4c6d8-0000-4000-8000-000000000001' }],
    ]);
  });

  it('print one shape, an array, even when a strict server returns a record', async () => {
    const record = {
      agentId: '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11',
      toolId: '5b0d6a7e-0000-4000-8000-000000000001',
      createdAt: '2024-05-20T10:00:00Z',
    };
    reply('POST', '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11/tools', 200, { success: true, data: record });
    expect(
      JSON.parse(
        (
          await run([
            'add-tool',
            '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11',
            '5b0d6a7e-0000-4000-8000-000000000001',
            '--json',
          ])
        ).stdout,
      ),
    ).toEqual([
      {
        agentId: '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11',
        toolId: '5b0d6a7e-0000-4000-8000-000000000001',
        attached: true,
        alreadyAttached: false,
      },
    ]);
  });

  it('treat 409 and the real "already exists" 500 as success; other 500s fail', async () => {
    reply('POST', '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11/tools', 409, { detail: 'exists' });
    reply('POST', '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11/tools', 500, {
      detail: 'Agent tool already exists',
    });
    reply('POST', '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11/llms', 500, {
      detail: 'Unique constraint failed on the fields: (`agentId`,`llmId`)',
    });
    reply('POST', '/api/v1/agents/0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11/tools', 500, {
      detail: 'Foreign key constraint failed on the field: `toolId`',
    });
    const conflict = await run([
      'add-tool',
      '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11',
      '5b0d6a7e-0000-4000-8000-000000000001',
    ]);
    expect(conflict).toMatchObject({ code: 0 });
    expect(conflict.stderr).toContain('already attached');
    expect(
      (
        await run([
          'add-tool',
          '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11',
          '5b0d6a7e-0000-4000-8000-000000000001',
          '--json',
        ])
      ).stdout,
    ).toContain('"alreadyAttached": true');
    expect(
      (await run(['add-llm', '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11', 'a2b4c6d8-0000-4000-8000-000000000001'])).code,
    ).toBe(0);
    const failed = await run([
      'add-tool',
      '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11',
      '00000000-0000-4000-8000-00000000dead',
    ]);
    expect(failed.code).toBe(5);
    expect(failed.stderr).toContain('error: tool 00000000-0000-4000-8000-00000000dead not found');
  });
});

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
    const result = await runCli(['get', '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11'], {
      dispatcher: agent,
      env: { AGENTS_BASE_URL: ORIGIN },
    });
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

  it('every command has help with examples, exit 0', async () => {
    const { createProgram } = await import('../../src/cli.js');
    const program = createProgram({ stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: {} });
    const paths = program.commands.flatMap((c) => [[c.name()], ...c.commands.map((s) => [c.name(), s.name()])]);
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) {
      const result = await runCli([...path, '--help']);
      expect(result.code, path.join(' ')).toBe(0);
      if (path.length === 1) expect(result.stdout, path.join(' ')).toContain('Examples:');
    }
  });

  it("every subcommand's help lists the global options; `agents help` is `agents --help`, footer included", async () => {
    for (const path of [['invoke'], ['config', 'set'], ['emulator']]) {
      const help = await runCli([...path, '--help']);
      expect(help.stdout, path.join(' ')).toMatch(
        /Global Options:[\s\S]*--base-url <url>[\s\S]*--no-color[\s\S]*--timeout <seconds>/,
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
