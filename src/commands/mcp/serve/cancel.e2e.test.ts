// A call the client gives up on stops the agent's invoke: the service sees its connection close,
// whether the client sent notifications/cancelled (stdio, HTTP) or dropped its HTTP request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, rawPost, startHttpServer, type HttpServer } from '../../../../test/helpers/mcp.js';
import { tempConfigDir } from '../../../../test/helpers/run-cli.js';
import { sendJson, startTestServer, type TestServer } from '../../../../test/helpers/test-server.js';
import { untilEvent } from '../../../../test/helpers/until.js';
import { EventEmitter } from 'node:events';

const AGENT = { id: '00000000-0000-4000-8000-00000000cafe', name: 'Hanger', description: 'd', llmModel: 'GPT_4' };
let service: TestServer;
let invokes: Array<{ closed: boolean }>;
/** Emits 'change' when an invoke comes in or its caller hangs up. */
const changes = new EventEmitter();
let env: Record<string, string>;
beforeAll(async () => {
  invokes = [];
  // A service whose agent starts an answer and then goes silent, and which notes when a caller hangs up.
  service = await startTestServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/api/v1/agents?'))
      return sendJson(res, 200, { success: true, data: [AGENT], total_pages: 1 });
    if (req.method === 'GET') return sendJson(res, 200, { success: true, data: AGENT });
    const invoke = { closed: false };
    invokes.push(invoke);
    changes.emit('change');
    res.on('close', () => {
      invoke.closed = true;
      changes.emit('change');
    });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('event: message\ndata: thinking\n\n');
  });
  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    AGENTS_CONFIG_DIR: tempConfigDir(),
    AGENTS_BASE_URL: service.url,
    AGENTS_TOKEN: 'tok_cancel_test_0123456789',
  };
});
afterAll(() => service.close());

/** Once the last invoke's connection to the service has closed (a hang is the test's limit). */
const invokeClosed = () => untilEvent(changes, 'change', () => invokes.at(-1)?.closed === true);

const callHanger = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'Hanger', arguments: { input: 'think' } },
});

/** A session opened with a raw initialize: the headers its requests carry. */
async function openSession(server: HttpServer): Promise<Record<string, string>> {
  const opened = await rawPost(server, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  await opened.body.dump();
  return { 'mcp-session-id': opened.headers['mcp-session-id'] as string, 'mcp-protocol-version': '2025-06-18' };
}

const waitForInvoke = (count: number) => untilEvent(changes, 'change', () => invokes.length >= count);

describe('a call the client gives up on', () => {
  it('over stdio, notifications/cancelled closes the invoke', async () => {
    const { client, close } = await connectStdio(env);
    try {
      const before = invokes.length;
      const controller = new AbortController();
      const call = client.callTool({ name: 'Hanger', arguments: { input: 'think' } }, undefined, {
        signal: controller.signal,
      });
      await waitForInvoke(before + 1);
      controller.abort();
      await expect(call).rejects.toThrow();
      await invokeClosed();
    } finally {
      await close();
    }
  });

  it('over HTTP, a client that drops its request closes the invoke', async () => {
    const server = await startHttpServer(env);
    try {
      const session = await openSession(server);
      const before = invokes.length;
      const controller = new AbortController();
      const call = rawPost(server, callHanger(2), session, controller.signal).then(
        (response) => response.body.text(),
        () => '',
      );
      await waitForInvoke(before + 1);
      controller.abort();
      await call.catch(() => undefined);
      await invokeClosed();
    } finally {
      await server.stop();
    }
  });

  it('over HTTP, notifications/cancelled closes the invoke and ends that request’s POST stream, with no reply', async () => {
    const server = await startHttpServer(env);
    try {
      const session = await openSession(server);
      const before = invokes.length;
      const call = await rawPost(server, callHanger(7), session);
      const streamed = call.body.text();
      await waitForInvoke(before + 1);
      const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } };
      const cancelled = await rawPost(server, cancel, session);
      await cancelled.body.dump();
      expect(cancelled.statusCode).toBe(202);
      // The stream ends (a hang is caught by the test's timeout) and holds no reply to request 7.
      expect(await streamed).not.toMatch(/"id":7/);
      await invokeClosed();
    } finally {
      await server.stop();
    }
  });
});
