// The real service's failures (legacy-service.md §4-5)
// mapped to what they mean, with the right exit code and advice, capped and scrubbed.
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { sendJson, sendText, startTestServer, type Handler, type TestServer } from '../helpers/test-server.js';

const T404 = '00000000-0000-4000-8000-8f06d2e7a454'; // was 't404': the service's ids are UUIDs
const D1 = '00000000-0000-4000-8000-6df1e5b6029e'; // was 'd1': the service's ids are UUIDs
const T1 = '00000000-0000-4000-8000-bd6ca11db033'; // was 't1': the service's ids are UUIDs
const T2 = '00000000-0000-4000-8000-a468c8cfbf10'; // was 't2': the service's ids are UUIDs
const T3 = '00000000-0000-4000-8000-f5c30a42f240'; // was 't3': the service's ids are UUIDs
const T4 = '00000000-0000-4000-8000-0a4bb92f2d71'; // was 't4': the service's ids are UUIDs

const A1 = '00000000-0000-4000-8000-cff8f578437e'; // was 'a1': the service's ids are UUIDs
const A404 = '00000000-0000-4000-8000-08596a7e3fb3'; // was 'a404': the service's ids are UUIDs

const TOKEN = 'tok_service_errors_0123456789';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function cli(
  handler: Handler,
  argv: string[],
  options: { baseUrlPath?: string; stdin?: string; token?: boolean } = {},
) {
  server = await startTestServer(handler);
  const env: Record<string, string> = { AGENTS_BASE_URL: server.url + (options.baseUrlPath ?? '') };
  if (options.token !== false) env.AGENTS_TOKEN = TOKEN;
  return runCli(argv, { env, stdin: options.stdin });
}

/** The real link route: Prisma's foreign-key failure names the column of the missing id. */
const linkRoute =
  (missing: { agent?: boolean; ids?: string[] }): Handler =>
  (_q, s, body) => {
    const id = Object.values(JSON.parse(body) as Record<string, string>)[0]!;
    if (missing.agent)
      return sendJson(s, 500, {
        detail: 'Foreign key constraint failed on the field: `AgentTool_agentId_fkey (index)`',
      });
    if (missing.ids?.includes(id))
      return sendJson(s, 500, {
        detail: 'Foreign key constraint failed on the field: `AgentTool_toolId_fkey (index)`',
      });
    sendJson(s, 200, { success: true, data: null });
  };

describe('add-* with an id that does not exist', () => {
  it('a missing tool is exit 5 naming the tool', async () => {
    const result = await cli(linkRoute({ ids: [T404] }), ['add-tool', A1, T404]);
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(new RegExp(`^error: tool ${T404} not found\n`));
    expect(result.stderr).not.toMatch(/Foreign key|try again/);
  });

  it('a missing agent is exit 5 naming the agent', async () => {
    const result = await cli(linkRoute({ agent: true }), ['add-datasource', A404, D1]);
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(new RegExp(`^error: agent ${A404} not found\n`));
  });

  it("with several ids every one is tried and reported; the exit is the first failure's", async () => {
    const result = await cli(linkRoute({ ids: [T2, T4] }), ['add-tool', A1, T1, T2, T3, T4, '--json']);
    expect(server!.requests).toHaveLength(4);
    expect(result.code).toBe(5);
    expect(result.stderr.match(/^error: .*$/gm)).toEqual([
      `error: tool ${T2} not found`,
      `error: tool ${T4} not found`,
    ]);
    const results = JSON.parse(result.stdout) as Array<{
      toolId: string;
      attached: boolean;
      error?: { exitCode: number };
    }>;
    expect(results.map((r) => [r.toolId, r.attached, r.error?.exitCode ?? 0])).toEqual([
      [T1, true, 0],
      [T2, false, 5],
      [T3, true, 0],
      [T4, false, 5],
    ]);
  });
});

describe('a wrong token: the real service answers a bare 500', () => {
  const badToken: Handler = (_q, s) => sendText(s, 500, 'Internal Server Error');

  it('login exits 4: the service rejected the token; nothing is saved', async () => {
    const result = await cli(badToken, ['login', '--token-stdin'], {
      stdin: 'tok_wrong_token_0123456789\n',
      token: false,
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^error: the service rejected the token\n/);
    expect((await runCli(['status', '--json'])).stdout).toContain('"token": null');
  });

  it('any other command: a one-item list answered with a bare 500 too confirms it, exit 4', async () => {
    const result = await cli(badToken, ['tools', 'create', '--name', 'n', '--type', 'HTTP']);
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      'error: the service rejected the token\nIt answers every request with a bare 500, as it does for a token it cannot read. Check the token: run `agents login`, or set AGENTS_TOKEN.\n',
    );
    expect(server!.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/tools',
      'GET /api/v1/agents?skip=0&take=1',
    ]);
  });
});

describe('a wrong base URL or path prefix', () => {
  it('a 404 on list says which address lacks the route, and to check --base-url', async () => {
    const result = await cli(
      (_q, s) => sendText(s, 404, '<html><title>404 Not Found</title></html>', 'text/html'),
      ['list'],
    );
    expect(result.code).toBe(5);
    expect(result.stderr).toBe(
      `error: the service at ${server!.url} has no /api/v1/agents\nCheck --base-url (see \`agents status\`): it is the address the API is served under, without /api/v1.\n`,
    );
    expect(result.stderr).not.toContain('Check the id');
  });

  it('the path prefix of a base URL is kept in every request', async () => {
    const result = await cli(
      (q, s) =>
        q.url?.startsWith('/prefix/api/v1/agents')
          ? sendJson(s, 200, { success: true, data: [], total_pages: 0 })
          : sendText(s, 404, 'no'),
      ['list', '--json'],
      { baseUrlPath: '/prefix/' },
    );
    expect(result.code).toBe(0);
    expect(server!.requests.map((r) => r.url)).toEqual(['/prefix/api/v1/agents?skip=0&take=50']);
  });
});

describe('error bodies are capped and scrubbed', () => {
  it('a 100 KB detail shows about 2 KB and how much was left out', async () => {
    const result = await cli(
      (_q, s) => sendJson(s, 400, { detail: 'x'.repeat(100_000) }),
      ['create', '--name', 'n', '--description', 'd', '--llm-model', 'GPT_4'],
    );
    expect(result.code).toBe(2);
    expect(result.stderr.length).toBeLessThan(2300);
    expect(result.stderr).toContain(`${'x'.repeat(2048)}… ${100_000 - 2048} more bytes\n`);
  });

  it('a server that echoes the token never gets it printed', async () => {
    const echo: Handler = (q, s) => sendJson(s, 400, { detail: `bad header: ${q.headers.authorization}` });
    const result = await cli(echo, ['create', '--name', 'n', '--description', 'd', '--llm-model', 'GPT_4', '--debug']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: bad header: Bearer [redacted]');
    expect(result.stderr).not.toContain(TOKEN);
  });
});
