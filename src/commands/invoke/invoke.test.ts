// invoke against a real loopback server that streams (and misbehaves) like the real service.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../../../test/helpers/run-cli.js';
import {
  sendJson,
  sendText,
  startTestServer,
  type Handler,
  type TestServer,
} from '../../../test/helpers/test-server.js';

const NEVER_USED = '00000000-0000-4000-8000-f74039d3847e'; // was 'never-used': the service's ids are UUIDs

const A1 = '00000000-0000-4000-8000-cc53e4e14b26'; // was 'a1': the service's ids are UUIDs

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const TOKEN = 'tok_invoke_test_123456';

function frames(res: ServerResponse, raw: string[], end = true): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  for (const piece of raw) res.write(piece);
  if (end) res.end();
}

/** The real service's framing: raw tokens, an empty data line for "\n", no end marker. */
const TRANSCRIPT = [
  'event: message\ndata: It\n\n',
  'event: message\ndata:  is sunny\n\n',
  'event: message\ndata: \n\n',
  'event: message\ndata: Enjoy!\n\n',
  "event: function_call\ndata: {'function': 'weather', 'args': '{\"city\": \"Paris\"}', 'response': 'Sunny, 21C'}\n\n",
];

async function invoke(handler: Handler, argv: string[], env: Record<string, string> = {}) {
  server = await startTestServer(handler);
  return runCli(['invoke', ...argv], {
    env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: TOKEN, ...env },
    configDir: env.AGENTS_CONFIG_DIR,
  });
}

describe('streaming invoke', () => {
  it('prints exactly the answer on stdout and the tool call and session on stderr', async () => {
    const result = await invoke((_q, s) => frames(s, TRANSCRIPT), [A1, 'Weather in Paris?']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('It is sunny\nEnjoy!\n');
    expect(result.stderr).toContain('weather({"city":"Paris"}) → Sunny, 21C');
    expect(result.stderr).toMatch(/session [0-9a-f-]{36}/);
    const body = JSON.parse(server!.requests[0]!.body);
    expect(body).toMatchObject({ input: 'Weather in Paris?', enableStreaming: true });
    expect(body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(server!.requests[0]!.headers.accept).toBe('text/event-stream');
  });

  it('--no-stream prints the same bytes from a JSON answer', async () => {
    const result = await invoke(
      (_q, s) =>
        sendJson(s, 200, {
          success: true,
          data: {
            input: 'Weather in Paris?',
            output: 'It is sunny\nEnjoy!',
            intermediate_steps: [
              [
                { tool: 'weather', tool_input: { city: 'Paris' }, log: '', type: 'AgentActionMessageLog' },
                'Sunny, 21C',
              ],
            ],
          },
        }),
      [A1, 'Weather in Paris?', '--no-stream'],
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('It is sunny\nEnjoy!\n');
    expect(result.stderr).toContain('weather({"city":"Paris"}) → Sunny, 21C');
    expect(JSON.parse(server!.requests[0]!.body).enableStreaming).toBe(false);
  });

  it('--json prints one object with output, sessionId and tool calls', async () => {
    const result = await invoke((_q, s) => frames(s, TRANSCRIPT), [A1, 'hi', '--json', '--session', 'my-session']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      output: 'It is sunny\nEnjoy!',
      sessionId: 'my-session',
      toolCalls: [{ name: 'weather', args: { city: 'Paris' }, response: 'Sunny, 21C', raw: expect.any(String) }],
    });
  });

  it('--events prints one NDJSON line per event, then the timing, done last', async () => {
    const result = await invoke((_q, s) => frames(s, TRANSCRIPT), [A1, 'hi', '--events', '--no-session']);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => l.type)).toEqual(['token', 'token', 'token', 'token', 'tool_call', 'timing', 'done']);
    expect(lines[2]).toEqual({ type: 'token', text: '\n' });
    const timing = lines.at(-2);
    expect(timing).toEqual({
      type: 'timing',
      ttftMs: expect.any(Number),
      totalMs: expect.any(Number),
      chars: 'It is sunny\nEnjoy!'.length,
      // A clock: a loopback stream can end within a millisecond, which gives no rate (null).
      charsPerSecond: timing.charsPerSecond === null ? null : expect.any(Number),
    });
    expect(timing.ttftMs).toBeLessThanOrEqual(timing.totalMs);
    if (timing.charsPerSecond === null) expect(timing.totalMs).toBeLessThanOrEqual(1);
    expect(lines.at(-1)).toEqual({ type: 'done', output: 'It is sunny\nEnjoy!', sessionId: null });
    expect(JSON.parse(server!.requests[0]!.body)).not.toHaveProperty('sessionId');
  });

  it('--stats prints the time to the first token, the total and the rate on stderr, after the answer and its tool calls', async () => {
    const result = await invoke(
      async (_q, s) => {
        s.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
        await new Promise((resolve) => setTimeout(resolve, 150)); // the model thinks before its first token
        s.write(TRANSCRIPT[0]);
        await new Promise((resolve) => setTimeout(resolve, 100));
        for (const piece of TRANSCRIPT.slice(1)) s.write(piece);
        s.end();
      },
      [A1, 'hi', '--stats', '--no-session'],
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('It is sunny\nEnjoy!\n');
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toContain('weather({"city":"Paris"})');
    const stats = /^first token (\d+) ms · total (\d+) ms · (\d+) chars\/s$/.exec(lines[1]!);
    expect(stats, result.stderr).not.toBeNull();
    const [ttft, total, rate] = stats!.slice(1).map(Number);
    expect(ttft).toBeGreaterThanOrEqual(140);
    expect(total).toBeGreaterThanOrEqual(ttft! + 90);
    // Worked out from the unrounded total: within 1 of the figure the rounded one gives.
    expect(Math.abs(rate! - ('It is sunny\nEnjoy!'.length * 1000) / total!)).toBeLessThanOrEqual(1);
  });

  it('event: error under HTTP 200 keeps the partial answer and exits 1', async () => {
    const result = await invoke(
      (_q, s) =>
        frames(s, ['event: message\ndata: Partial\n\n', 'event: error\ndata: Error code: 401 - invalid api key\n\n']),
      [A1, 'hi'],
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('Partial\n');
    expect(result.stderr).toContain('the agent failed mid-answer: Error code: 401 - invalid api key');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('a connection reset mid-stream keeps the partial answer and exits 1', async () => {
    const result = await invoke(
      (_q, s) => {
        frames(s, ['event: message\ndata: Half an ans\n\n'], false);
        setTimeout(() => s.socket?.destroy(), 50);
      },
      [A1, 'hi'],
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('Half an ans\n');
    expect(result.stderr).toContain('the connection dropped mid-answer');
  });

  it('an idle stream past the timeout keeps the partial answer and exits 3', async () => {
    const result = await invoke(
      (_q, s) => frames(s, ['event: message\ndata: Still thinking\n\n'], false),
      [A1, 'hi', '--timeout', '0.3'],
    );
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('Still thinking\n');
    expect(result.stderr).toContain('nothing arrived for 0.3s');
  });

  it('a wrong content type with a non-JSON body is an error, not an answer', async () => {
    const result = await invoke((_q, s) => sendText(s, 200, '<html>maintenance</html>', 'text/html'), [A1, 'hi']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('maintenance');
  });

  it.each([
    [
      401,
      { detail: 'Invalid token' },
      4,
      'error: Invalid token\nCheck the token: run `agents login`, or set AGENTS_TOKEN.\n',
    ],
    [403, { detail: 'Forbidden' }, 4, 'error: Forbidden\nCheck the token: run `agents login`, or set AGENTS_TOKEN.\n'],
    [
      404,
      { detail: 'Agent not found' },
      5,
      'error: Agent not found\nCheck the id: `agents list` shows the agents you can reach.\n',
    ],
    [
      422,
      { detail: [{ loc: ['body', 'enableStreaming'], msg: 'field required', type: 'value_error.missing' }] },
      2,
      'error: the service rejected the request (422)\n  enableStreaming: field required\n',
    ],
    [
      429,
      { detail: 'slow down' },
      1,
      'error: slow down\nThe service asks to wait 24 h (Retry-After) before trying again: longer than agents waits by itself.\n',
    ],
  ])('an HTTP %i to the invoke is one message and its exit code, stdout empty', async (status, body, code, stderr) => {
    const result = await invoke(
      (_q, s) => sendJson(s, status, body, { 'retry-after': '86400' }),
      [A1, 'hi', '--no-session'],
    );
    expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({ code, stdout: '', stderr });
  });

  it('a 500 before the stream starts is never retried (the agent may have run)', async () => {
    // The token is accepted (the one-item list answers), so this is a service failure, exit 1.
    const result = await invoke(
      (q, s) =>
        q.method === 'GET' && q.url?.includes('take=1')
          ? sendJson(s, 200, { success: true, data: [] })
          : sendText(s, 500, 'Internal Server Error'),
      [A1, 'hi'],
    );
    expect(result.code).toBe(1);
    // Then the token check and one GET, never retried, to tell a missing agent from a failing one.
    expect(server!.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST /api/v1/agents/${A1}/invoke`,
      'GET /api/v1/agents?skip=0&take=1',
      `GET /api/v1/agents/${A1}`,
    ]);
  });

  it('abort (Ctrl-C) mid-stream keeps the partial answer and exits 130', async () => {
    server = await startTestServer((_q, s) => frames(s, ['event: message\ndata: Before Ctrl-C\n\n'], false));
    const controller = new AbortController();
    // Ctrl-C once the first words are on the screen.
    const result = await runCli(['invoke', A1, 'hi'], {
      env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: TOKEN },
      signal: controller.signal,
      onStdout: (text) => text.includes('Before Ctrl-C') && controller.abort(),
    });
    expect(result.code).toBe(130);
    expect(result.stdout).toBe('Before Ctrl-C\n');
  });
});

describe('sessions', () => {
  it('-c reuses the last session this machine used with the agent; a plain run starts a fresh one', async () => {
    const configDir = tempConfigDir();
    server = await startTestServer((_q, s) => frames(s, ['event: message\ndata: ok\n\n']));
    const env = { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: TOKEN };
    await runCli(['invoke', A1, 'one'], { env, configDir });
    await runCli(['invoke', A1, '-c', 'two'], { env, configDir });
    await runCli(['invoke', A1, 'three'], { env, configDir });
    const sessions = server.requests.map((r) => JSON.parse(r.body).sessionId);
    expect(sessions[1]).toBe(sessions[0]);
    expect(sessions[2]).not.toBe(sessions[0]);
  });

  it('-c with no earlier session is a usage error', async () => {
    const result = await invoke((_q, s) => frames(s, []), [NEVER_USED, '-c', 'hi']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`no earlier session with agent ${NEVER_USED}`);
    expect(server!.requests).toHaveLength(0);
  });
});

describe('input and parameters', () => {
  it('reads piped stdin when no input argument is given', async () => {
    server = await startTestServer((_q, s) => frames(s, ['event: message\ndata: ok\n\n']));
    const result = await runCli(['invoke', A1], {
      env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: TOKEN },
      stdin: 'from a pipe\n',
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(server.requests[0]!.body).input).toBe('from a pipe\n');
  });

  it('sends llm_params in snake_case, only when given, and validates them', async () => {
    const ok = await invoke(
      (_q, s) => frames(s, ['event: message\ndata: ok\n\n']),
      [A1, 'hi', '--temperature', '0.2', '--max-tokens', '50'],
    );
    expect(ok.code).toBe(0);
    expect(JSON.parse(server!.requests[0]!.body).llm_params).toEqual({ temperature: 0.2, max_tokens: 50 });
    await server!.close();
    const bad = await invoke((_q, s) => frames(s, []), [A1, 'hi', '--temperature', '3']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--temperature must be between 0 and 2');
    expect(server!.requests).toHaveLength(0);
  });

  it('empty input is a usage error naming the ways to give it', async () => {
    const result = await invoke((_q, s) => frames(s, []), [A1], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('missing input');
  });
});

describe('--output-schema', () => {
  const schema = JSON.stringify({
    type: 'object',
    properties: { title: { type: 'string' }, points: { type: 'integer' } },
    required: ['title', 'points'],
  });

  it('prints the structured answer as JSON when it matches', async () => {
    const result = await invoke(
      (_q, s) => frames(s, ['event: message\ndata: {"title": "Hi", "points": 3}\n\n']),
      [A1, 'hi', '--output-schema', schema],
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ title: 'Hi', points: 3 });
    expect(JSON.parse(server!.requests[0]!.body).outputSchema).toBe(schema);
  });

  it('exits 6 naming the failing path when it does not match', async () => {
    const result = await invoke(
      (_q, s) => frames(s, ['event: message\ndata: {"title": "Hi", "points": "many"}\n\n']),
      [A1, 'hi', '--output-schema', schema],
    );
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('points:');
  });

  it('warns on an empty {} answer (the real service gives {} when parsing failed)', async () => {
    const result = await invoke(
      (_q, s) => sendJson(s, 200, { success: true, data: { input: 'hi', output: {}, intermediate_steps: [] } }),
      [A1, 'hi', '--no-stream', '--output-schema', '[{title: string}]'],
    );
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe('{}');
    expect(result.stderr).toContain('warning: the structured answer is empty');
  });
});
