// JSON-RPC errors a client can act on, driven raw over both transports: -32700 for what is not
// JSON, -32600 for JSON that is not a message, -32602 in one line for params that do not fit, an
// unknown tool and a cursor the server never issued; batches answered as one array on 2025-03-26.
import { beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { runBinary } from '../../../../test/helpers/binary.js';
import { useEmulatorEnv } from '../../../../test/helpers/emulator-env.js';
import { createAgent, startHttpServer } from '../../../../test/helpers/mcp.js';

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

  it('a batch in a session on 2025-03-26 is answered with one array; on a later version it is -32600', async () => {
    const batch = JSON.stringify([message(6, 'ping'), message(7, 'ping'), { x: 1 }]);
    const old = await overStdio([JSON.stringify(initialize('2025-03-26')), batch]);
    const array = old.find(Array.isArray) as Reply[];
    expect(array.map((reply) => reply.id).sort()).toEqual([6, 7, null]);
    expect(array.find((reply) => reply.id === null)!.error!.code).toBe(-32600);
    const current = await overStdio([JSON.stringify(initialize('2025-06-18')), batch]);
    expect(current.some(Array.isArray)).toBe(false);
    expect(errorOf(current, null)).toMatchObject({ code: -32600, message: expect.stringContaining('batches') });
  });
});

describe('over HTTP', () => {
  it('the same codes; a request with no session other than initialize is refused and leaves no session', async () => {
    const server = await startHttpServer(served.env);
    const post = async (body: string, session?: string) => {
      const response = await request(server.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${server.token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
          ...(session && { 'mcp-session-id': session }),
        },
        body,
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
