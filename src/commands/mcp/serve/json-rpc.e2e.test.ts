// JSON-RPC errors a client can act on, driven raw over both transports: -32700 for what is not
// JSON, -32600 for JSON that is not a message, -32602 in one line for params that do not fit, an
// unknown tool and a cursor the server never issued; batches taken or refused alike by both.
import { beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from '../../../../test/helpers/binary.js';
import { useEmulatorEnv } from '../../../../test/helpers/emulator-env.js';
import { createAgent, rawPost, startHttpServer } from '../../../../test/helpers/mcp.js';

const served = useEmulatorEnv();
beforeAll(() => createAgent(served.env, 'Raw'));

const message = (id: number | undefined, method: string, params?: object) => ({
  jsonrpc: '2.0',
  ...(id !== undefined && { id }),
  method,
  ...(params && { params }),
});
const initialize = (version: string) =>
  message(1, 'initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
const WRONG = [
  message(3, 'tools/call', { name: 5 }),
  message(4, 'tools/call', { name: 'Nobody', arguments: { input: 'hi' } }),
  message(5, 'tools/list', { cursor: 'never-issued' }),
];

type Reply = { id: unknown; error?: { code: number; message: string }; result?: unknown };

/** Lines to the server over stdio, and every reply it wrote (a batch's reply is one array). */
async function overStdio(lines: string[]): Promise<Array<Reply | Reply[]>> {
  const result = await runBinary(['mcp', 'serve'], { env: served.env, input: lines.join('\n') + '\n' });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Reply | Reply[]);
}

const errorOf = (replies: Array<Reply | Reply[]>, id: unknown) =>
  (replies.find((reply) => !Array.isArray(reply) && reply.id === id) as Reply | undefined)?.error;

function expectWrongOnes(errorFor: (id: number) => { code: number; message: string } | undefined) {
  expect(errorFor(3)).toMatchObject({
    code: -32602,
    message: expect.stringMatching(/^Invalid params: params\.name: /),
  });
  expect(errorFor(3)!.message).not.toContain('\n');
  expect(errorFor(4)).toEqual({ code: -32602, message: 'Unknown tool: Nobody' });
  expect(errorFor(5)).toMatchObject({ code: -32602, message: expect.stringContaining('unknown cursor') });
}

describe('over stdio', () => {
  it('a line that is not JSON is -32700 with id null; JSON that is not a message is -32600; wrong params, an unknown tool, an unknown cursor are -32602', async () => {
    const replies = await overStdio([
      JSON.stringify(initialize('2025-06-18')),
      JSON.stringify(message(undefined, 'notifications/initialized')),
      '{not json',
      '{"a":1}',
      '"just a string"',
      ...WRONG.map((wrong) => JSON.stringify(wrong)),
    ]);
    const nulls = replies.filter((reply) => !Array.isArray(reply) && reply.id === null) as Reply[];
    expect(nulls.map((reply) => reply.error!.code)).toEqual([-32700, -32600, -32600]);
    expectWrongOnes((id) => errorOf(replies, id));
  });
});

describe('over HTTP', () => {
  it('the same codes; a request with no session other than initialize is refused and leaves no session', async () => {
    const server = await startHttpServer(served.env);
    const post = async (body: string, session?: string) => {
      const response = await rawPost(server, body, {
        'mcp-protocol-version': '2025-06-18',
        ...(session && { 'mcp-session-id': session }),
      });
      const text = await response.body.text();
      // An answer comes as JSON or as one SSE event carrying it.
      const json = /^data: (.*)$/m.exec(text)?.[1] ?? text;
      return { status: response.statusCode, headers: response.headers, reply: (json ? JSON.parse(json) : {}) as Reply };
    };
    try {
      const notJson = await post('{not json');
      expect([notJson.status, notJson.reply.id, notJson.reply.error!.code]).toEqual([400, null, -32700]);
      const notMessage = await post('{"a":1}');
      expect([notMessage.status, notMessage.reply.error!.code]).toEqual([400, -32600]);
      const noSession = await post(JSON.stringify(WRONG[1]));
      expect([noSession.status, noSession.reply.error!.code]).toEqual([400, -32600]);
      expect(noSession.headers['mcp-session-id']).toBeUndefined();

      const opened = await post(JSON.stringify(initialize('2025-06-18')));
      const session = opened.headers['mcp-session-id'] as string;
      expect(session).toBeTruthy();
      await post(JSON.stringify(message(undefined, 'notifications/initialized')), session);
      const errors = new Map<number, { code: number; message: string }>();
      for (const wrong of WRONG) errors.set(wrong.id!, (await post(JSON.stringify(wrong), session)).reply.error!);
      expectWrongOnes((id) => errors.get(id));
    } finally {
      await server.stop();
    }
  });
});

describe('a batch', () => {
  const pings = (...ids: number[]) => ids.map((id) => message(id, 'ping'));
  const BATCHES = [
    [],
    pings(6, 7),
    [...pings(8), { x: 1 }],
    [initialize('2025-03-26')],
    pings(...Array.from({ length: 101 }, (_, i) => 100 + i)),
    [...pings(9), message(undefined, 'notifications/initialized')],
  ];
  /** What a client learns of one batch: the ids answered, or the one error that refused it. */
  const outcome = (replies: Reply[]) =>
    replies.length === 1 && replies[0]!.error
      ? `${replies[0]!.error.code} ${replies[0]!.error.message}`
      : `answered ${replies
          .map((reply) => reply.id)
          .sort()
          .join(',')}`;

  async function stdioOutcomes(version: string): Promise<string[]> {
    const lines = [initialize(version), message(undefined, 'notifications/initialized'), ...BATCHES];
    const replies = await overStdio(lines.map((line) => JSON.stringify(line)));
    return replies
      .filter((reply) => Array.isArray(reply) || reply.id !== 1)
      .map((reply) => outcome(Array.isArray(reply) ? reply : [reply]))
      .sort();
  }

  async function httpOutcomes(version: string): Promise<string[]> {
    const server = await startHttpServer(served.env);
    const post = async (body: unknown, session?: string) => {
      const response = await rawPost(server, body, {
        'mcp-protocol-version': version,
        ...(session && { 'mcp-session-id': session }),
      });
      const text = await response.body.text();
      // Replies come as one JSON body, or as SSE events of one message each.
      const events = [...text.matchAll(/^data: (.+)$/gm)].map((match) => JSON.parse(match[1]!) as Reply);
      return { headers: response.headers, replies: events.length ? events : text ? [JSON.parse(text) as Reply] : [] };
    };
    try {
      const opened = await post(initialize(version));
      const session = opened.headers['mcp-session-id'] as string;
      await post(message(undefined, 'notifications/initialized'), session);
      const outcomes = [];
      for (const batch of BATCHES) outcomes.push(outcome((await post(batch, session)).replies));
      return outcomes.sort();
    } finally {
      await server.stop();
    }
  }

  it('is taken or refused alike over stdio and HTTP: on 2025-03-26 only, whole or not at all', async () => {
    const refused = (why: string) => `-32600 Invalid Request: ${why}`;
    const expected = {
      '2025-03-26': [
        refused('an empty batch'),
        'answered 6,7',
        refused('"jsonrpc" must be "2.0" (batch message #2)'),
        refused('initialize cannot be part of a batch (batch message #1)'),
        refused('a batch of 101 messages (at most 100)'),
        'answered 9',
      ].sort(),
      '2025-06-18': [
        refused('an empty batch'),
        ...Array(5).fill(refused('batches are not part of protocol version 2025-06-18')),
      ].sort(),
    };
    for (const version of ['2025-03-26', '2025-06-18'] as const) {
      const [stdio, http] = await Promise.all([stdioOutcomes(version), httpOutcomes(version)]);
      expect({ version, stdio }).toEqual({ version, stdio: expected[version] });
      expect({ version, http }).toEqual({ version, http: expected[version] });
    }
  });

  it('before initialize is refused on both', async () => {
    const stdio = await overStdio([JSON.stringify(pings(1, 2))]);
    expect(stdio).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('(not initialized)') } },
    ]);
    const server = await startHttpServer(served.env);
    try {
      const response = await rawPost(server, pings(1, 2));
      expect(response.statusCode).toBe(400);
      expect(await response.body.json()).toEqual(stdio[0]);
    } finally {
      await server.stop();
    }
  });
});
