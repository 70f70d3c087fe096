// An invoke never loses its result. With --json stdout is one
// document even when the run fails; --output-schema is checked before the paid call and a
// mismatch still prints the answer; a missing agent is exit 5, not "try again".
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { runBinary } from '../helpers/binary.js';
import { runCli } from '../helpers/run-cli.js';
import { sendJson, sendText, startTestServer, type Handler, type TestServer } from '../helpers/test-server.js';

const A1 = '00000000-0000-4000-8000-e5ff5fac64ea'; // was 'a1': the service's ids are UUIDs

const TOKEN = 'tok_results_secret_0123456789';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function invoke(handler: Handler, argv: string[]) {
  server = await startTestServer(handler);
  return runCli(['invoke', ...argv], { env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: TOKEN } });
}

function sse(res: ServerResponse, frames: string[], end = true): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  for (const frame of frames) res.write(frame);
  if (end) res.end();
}

const answerOf = (value: unknown) => (_q: unknown, res: ServerResponse) =>
  sse(res, [`event: message\ndata: ${JSON.stringify(value)}\n\n`]);

describe('--json is one document, failures included', () => {
  it('a stream ending in event: error gives the partial output and the error, exit 1', async () => {
    const result = await invoke(
      (_q, s) => sse(s, ['event: message\ndata: Partial\n\n', 'event: error\ndata: Error code: 401 - bad key\n\n']),
      [A1, 'hi', '--json', '--session', 's1'],
    );
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      output: 'Partial',
      sessionId: 's1',
      toolCalls: [],
      error: { kind: 'stream', message: 'the agent failed mid-answer: Error code: 401 - bad key', exitCode: 1 },
    });
    expect(result.stderr).toContain('error: the agent failed mid-answer');
    expect(result.stderr).toContain('kept in the JSON document');
  });

  it('a dropped connection gives the partial output, and stderr points at it, not "above"', async () => {
    const result = await invoke(
      (_q, s) => {
        sse(s, ['event: message\ndata: Half an ans\n\n'], false);
        setTimeout(() => s.socket?.destroy(), 50);
      },
      [A1, 'hi', '--json', '--no-session'],
    );
    expect(result.code).toBe(1);
    const document = JSON.parse(result.stdout);
    expect(document).toMatchObject({
      output: 'Half an ans',
      sessionId: null,
      toolCalls: [],
      error: { kind: 'stream', exitCode: 1 },
    });
    expect(document.error.message).toMatch(/^the connection dropped mid-answer/);
    expect(result.stderr).not.toContain('above');
  });

  it('a failure before the stream is a document too', async () => {
    const result = await invoke(
      (q, s) =>
        q.method === 'POST'
          ? sendJson(s, 422, { detail: [{ loc: ['body', 'input'], msg: 'field required' }] })
          : sendJson(s, 200, {}),
      [A1, 'hi', '--json', '--no-session'],
    );
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({
      output: '',
      sessionId: null,
      toolCalls: [],
      error: { kind: 'invalid-request', message: 'the service rejected the request (422)', exitCode: 2 },
    });
  });

  it('toolCalls is always an array of one shape, streamed or not', async () => {
    const streamed = await invoke(
      (_q, s) =>
        sse(s, [
          'event: message\ndata: ok\n\n',
          "event: function_call\ndata: {'function': 'weather', 'args': '{\"city\": \"Paris\"}', 'response': 'Sunny'}\n\n",
        ]),
      [A1, 'hi', '--json', '--no-session'],
    );
    await server?.close();
    const whole = await invoke(
      (_q, s) =>
        sendJson(s, 200, {
          success: true,
          data: { output: 'ok', intermediate_steps: [[{ tool: 'weather', tool_input: { city: 'Paris' } }, 'Sunny']] },
        }),
      [A1, 'hi', '--json', '--no-session', '--no-stream'],
    );
    const call = { name: 'weather', args: { city: 'Paris' }, response: 'Sunny' };
    expect(JSON.parse(streamed.stdout).toolCalls).toEqual([{ ...call, raw: expect.any(String) }]);
    expect(JSON.parse(whole.stdout).toolCalls).toEqual([{ ...call, raw: null }]);
  });

  it('--events ends with an error line when the connection drops', async () => {
    const result = await invoke(
      (_q, s) => {
        sse(s, ['event: message\ndata: Half\n\n'], false);
        setTimeout(() => s.socket?.destroy(), 50);
      },
      [A1, 'hi', '--events', '--no-session'],
    );
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => l.type)).toEqual(['token', 'error']);
    expect(lines[1]).toMatchObject({ kind: 'stream', exitCode: 1 });
    expect(result.code).toBe(1);
  });

  it("--events gives one error line for an event: error, and a missing agent's is exit 5", async () => {
    const streamed = await invoke(
      (_q, s) => sse(s, ['event: message\ndata: Part\n\n', 'event: error\ndata: boom\n\n']),
      [A1, 'hi', '--events', '--no-session'],
    );
    expect(
      streamed.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { type: 'token', text: 'Part' },
      { type: 'error', kind: 'stream', message: 'the agent failed mid-answer: boom', exitCode: 1 },
    ]);
    await server?.close();
    const missing = await invoke(
      (q, s) =>
        q.method === 'POST'
          ? sendText(s, 500, 'Internal Server Error')
          : sendJson(s, 500, { detail: "'NoneType' object has no attribute 'metadata'" }),
      [A1, 'hi', '--events', '--no-session'],
    );
    expect(missing.code).toBe(5);
    expect(JSON.parse(missing.stdout)).toEqual({
      type: 'error',
      kind: 'not-found',
      message: `agent ${A1} not found`,
      exitCode: 5,
    });
  });
});

describe('--output-schema', () => {
  it.each([
    ['an unknown type', '{"type":"foo"}'],
    ['a dangling $ref', '{"type":"object","properties":{"a":{"$ref":"#/definitions/missing"}}}'],
    ['an unknown $schema', '{"$schema":"https://example.com/my-dialect","type":"object"}'],
  ])('%s is exit 2 before anything is sent', async (_what, schema) => {
    const result = await invoke(answerOf({}), [A1, 'hi', '--output-schema', schema]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: --output-schema (is not a usable JSON Schema|declares "\$schema")/m);
    expect(server!.requests).toHaveLength(0);
  });

  it('a mismatch still prints the answer on stdout, the mismatch on stderr, exit 6', async () => {
    const answer = { title: 'Paris', points: 3 };
    const result = await invoke(answerOf(answer), [
      A1,
      'hi',
      '--no-session',
      '--output-schema',
      '{"type":"object","required":["nope"]}',
    ]);
    expect(result.code).toBe(6);
    expect(JSON.parse(result.stdout)).toEqual(answer);
    expect(result.stderr).toContain(
      "error: the answer does not match --output-schema\n  (root): must have required property 'nope'",
    );
  });

  it("with --json the mismatch is the document's error, and the output is the answer", async () => {
    const result = await invoke(answerOf({ points: 'three' }), [
      A1,
      'hi',
      '--json',
      '--no-session',
      '--output-schema',
      '{"properties":{"points":{"type":"number"}}}',
    ]);
    expect(result.code).toBe(6);
    expect(JSON.parse(result.stdout)).toMatchObject({
      output: { points: 'three' },
      error: { kind: 'schema-mismatch', exitCode: 6 },
    });
  });

  it.each([
    ['a required entry missing from properties', { type: 'object', required: ['nope'] }, { title: 'Paris' }],
    [
      'additionalProperties: false',
      { type: 'object', properties: { a: {} }, additionalProperties: false },
      { a: 1, b: 2 },
    ],
    ['minimum', { type: 'number', minimum: 5 }, 3],
    ['pattern', { type: 'string', pattern: '^[A-Z]' }, 'paris'],
    ['uniqueItems', { type: 'array', uniqueItems: true }, [1, 1]],
    [
      '2020-12 prefixItems',
      { $schema: 'https://json-schema.org/draft/2020-12/schema', prefixItems: [{ type: 'string' }] },
      [1],
    ],
  ])('a constraint is checked, not skipped: %s', async (_what, schema, answer) => {
    const result = await invoke(answerOf(answer), [
      A1,
      'hi',
      '--no-session',
      '--output-schema',
      JSON.stringify(schema),
    ]);
    expect(result.code).toBe(6);
  });

  it.each([
    ['draft-04', 'http://json-schema.org/draft-04/schema#'],
    ['draft-06', 'http://json-schema.org/draft-06/schema#'],
    ['draft-07', 'http://json-schema.org/draft-07/schema#'],
    ['2019-09', 'https://json-schema.org/draft/2019-09/schema'],
    ['2020-12', 'https://json-schema.org/draft/2020-12/schema'],
  ])('the built binary loads the %s validator and checks with it', async (_name, dialect) => {
    server = await startTestServer(answerOf({ points: 'three' }));
    const schema = JSON.stringify({ $schema: dialect, properties: { points: { type: 'number' } } });
    const result = await runBinary(['invoke', A1, 'hi', '--no-session', '--output-schema', schema], {
      env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: TOKEN },
    });
    expect(result.stderr).toContain('points: must be number');
    expect(result.code).toBe(6);
  });

  it('unknown keywords and formats are read leniently, as the spec says', async () => {
    const schema = { type: 'object', 'x-note': 'mine', properties: { at: { type: 'string', format: 'my-format' } } };
    const result = await invoke(answerOf({ at: 'now' }), [
      A1,
      'hi',
      '--no-session',
      '--output-schema',
      JSON.stringify(schema),
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ at: 'now' });
  });
});

describe('an invoke of a missing agent', () => {
  // The real service: a bare 500 on invoke, and a 500 naming 'NoneType' on get.
  const realService: Handler = (q, s) =>
    q.method === 'POST'
      ? sendText(s, 500, 'Internal Server Error')
      : sendJson(s, 500, { detail: "'NoneType' object has no attribute 'metadata'" });

  it('is exit 5 "agent X not found", found out with one list (is the token accepted?) and one GET of the agent', async () => {
    const result = await invoke(realService, ['0b6f9f2e-0000-4000-8000-000000000000', 'hi', '--no-session']);
    expect(result.code).toBe(5);
    expect(result.stderr).toBe(
      'error: agent 0b6f9f2e-0000-4000-8000-000000000000 not found\n`agents list` shows the agents you can reach.\n',
    );
    expect(server!.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/agents/0b6f9f2e-0000-4000-8000-000000000000/invoke',
      'GET /api/v1/agents?skip=0&take=1',
      'GET /api/v1/agents/0b6f9f2e-0000-4000-8000-000000000000',
    ]);
  });

  it('a bare 500 for an agent that exists stays exit 1; the token, which the service accepts, is not blamed', async () => {
    const result = await invoke(
      (q, s) =>
        q.method === 'POST'
          ? sendText(s, 500, 'Internal Server Error')
          : sendJson(s, 200, { success: true, data: { id: A1 } }),
      [A1, 'hi', '--no-session'],
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: HTTP 500: Internal Server Error');
    expect(result.stderr).toContain('The service failed without saying why (it accepts the token).');
  });

  it('get says "agent X not found", and the service\'s words only under --debug', async () => {
    server = await startTestServer(realService);
    const env = { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: TOKEN };
    const plain = await runCli(['get', A1], { env });
    expect(plain.code).toBe(5);
    expect(plain.stderr).toBe(`error: agent ${A1} not found\n\`agents list\` shows the agents you can reach.\n`);
    const debug = await runCli(['get', A1, '--debug'], { env });
    expect(debug.stderr).toContain("the service said: 'NoneType' object has no attribute 'metadata'");
  });
});
