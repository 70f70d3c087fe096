// With the built binary: a body cut short, a body dripped past the
// timeout, and a "stream" that is not SSE each end with the documented exit code.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { runBinary } from '../helpers/binary.js';
import { startTestServer, type Handler, type TestServer } from '../helpers/test-server.js';

const TOKEN = 'tok_network_secret_0123456789';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function agents(handler: Handler, args: string[]) {
  server = await startTestServer(handler);
  return runBinary(args, { env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: TOKEN } });
}

const noStackTrace = (stderr: string) => expect(stderr).not.toMatch(/\n\s+at |unexpected failure/);

describe('a 200 whose body is cut short', () => {
  const cutShort: Handler = (_q, s) => {
    s.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    s.write('{"success": true, "data": {"id": "a1", "na');
    setTimeout(() => s.socket?.destroy(), 20);
  };

  it('is exit 3 after the GET was retried per the policy, with no stack trace under --debug', async () => {
    const result = await agents(cutShort, ['get', 'a1', '--debug']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: the connection to 127\.0\.0\.1:\d+ was closed unexpectedly/m);
    noStackTrace(result.stderr);
    expect(server!.requests).toHaveLength(4); // the first try and three retries
  });
});

describe('a body dripped one byte at a time', () => {
  it('list --timeout 1 gives up after about a second: exit 3', async () => {
    const drip: Handler = (_q, s) => {
      s.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => (s.writableEnded ? clearInterval(timer) : s.write(' ')), 200);
      s.on('close', () => clearInterval(timer));
    };
    const started = Date.now();
    const result = await agents(drip, ['list', '--timeout', '1']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^error: 127\.0\.0\.1:\d+ did not finish answering \/api\/v1\/agents within 1s\nRaise --timeout/,
    );
    expect(Date.now() - started).toBeLessThan(10_000); // before: never returned
  });
});

describe('a stream that is not SSE', () => {
  const sse =
    (body: Buffer | string): Handler =>
    (_q, s) => {
      s.writeHead(200, { 'content-type': 'text/event-stream' });
      s.end(body);
    };

  it('random bytes as text/event-stream are exit 1, not an empty answer', async () => {
    const noise = Buffer.concat([Buffer.from('x'), randomBytes(4096)]).map((byte) => (byte === 0x3a ? 0x2e : byte)); // no ':' anywhere
    const result = await agents(sse(Buffer.from(noise)), ['invoke', 'a1', 'hi', '--no-session']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: the service sent a stream the CLI cannot read');
    expect(result.stdout).toBe('');
  });

  it('events of unknown types are not answer text; --debug shows them', async () => {
    const body = 'event: ping\ndata: keep-alive\n\nevent: message\ndata: Hello\n\nevent: metadata\ndata: {"x":1}\n\n';
    const result = await agents(sse(body), ['invoke', 'a1', 'hi', '--no-session', '--debug']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Hello\n');
    expect(result.stderr).toContain('ignored an event of unknown type "ping": keep-alive');
    expect(result.stderr).toContain('ignored an event of unknown type "metadata"');
  });
});
