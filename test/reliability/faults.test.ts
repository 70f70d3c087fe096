// Every fault a flaky network or a broken server can produce, through the whole CLI:
// the documented exit code, a short message, no stack trace, partial output kept.
// docs/reliability.md lists these rows; keep the two in step.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { sendJson, sendText, startTestServer, type Handler, type TestServer } from '../helpers/test-server.js';

const A1 = '00000000-0000-4000-8000-4629c10118e6'; // was 'a1': the service's ids are UUIDs

const TOKEN = 'tok_fault_secret_0123456789';
let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function serve(handler: Handler): Promise<TestServer> {
  const server = await startTestServer(handler);
  servers.push(server);
  return server;
}

async function cli(server: TestServer, argv: string[], extraEnv: Record<string, string> = {}): Promise<CliResult> {
  return runCli(argv, { env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: TOKEN, ...extraEnv } });
}

function expectCleanFailure(result: CliResult, code: number, message: RegExp): void {
  expect(result.code).toBe(code);
  // One error line (invoke prints its session line before it).
  expect(result.stderr.match(/^error: /gm)).toHaveLength(1);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/\n\s+at |TypeError|ReferenceError/);
  expect(result.stderr + result.stdout).not.toContain(TOKEN);
}

const sse = (res: ServerResponse, frames: string[], end = true) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const frame of frames) res.write(frame);
  if (end) res.end();
};
const destroy = (req: IncomingMessage) => void req.socket.destroy();

describe('faults before a response', () => {
  it('connection reset before the response (POST: not re-sent) → 3', async () => {
    const server = await serve((req) => destroy(req));
    expectCleanFailure(
      await cli(server, ['create', '--name', 'a', '--description', 'b', '--llm-model', 'GPT_4']),
      3,
      /closed unexpectedly/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('close before headers on a GET: retried, then → 3', async () => {
    const server = await serve((req) => destroy(req));
    expectCleanFailure(await cli(server, ['get', A1]), 3, /closed unexpectedly/);
    expect(server.requests).toHaveLength(4);
  });

  it('headers slower than the timeout → 3', async () => {
    const server = await serve(() => undefined);
    expectCleanFailure(await cli(server, ['get', A1, '--timeout', '0.3']), 3, /did not answer within 0.3s/);
  });

  it('connection refused → 3 after bounded retries', async () => {
    const server = await serve(() => undefined);
    await server.close();
    servers = [];
    expectCleanFailure(await cli(server, ['list']), 3, /connection refused/);
  });
});

describe('error answers', () => {
  it('429 with Retry-After is honoured, then succeeds', async () => {
    const server = await serve((_q, s, _b, i) =>
      i === 0
        ? sendJson(s, 429, { detail: 'slow down' }, { 'retry-after': '1' })
        : sendJson(s, 200, { success: true, data: [], total_pages: 0 }),
    );
    const result = await cli(server, ['list', '--json']);
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(2);
  });

  it('429 past the retries → 1 with the service message', async () => {
    const server = await serve((_q, s) => sendJson(s, 429, { detail: 'rate limited' }, { 'retry-after': '0' }));
    expectCleanFailure(await cli(server, ['list']), 1, /rate limited/);
    expect(server.requests).toHaveLength(4);
  });

  it('a run of 503s gives up after the bounded retries → 1', async () => {
    const server = await serve((_q, s) => sendText(s, 503, 'Service Unavailable'));
    expectCleanFailure(
      await cli(server, ['create', '--name', 'a', '--description', 'b', '--llm-model', 'GPT_4']),
      1,
      /HTTP 503: Service Unavailable/,
    );
    expect(server.requests).toHaveLength(4);
  });

  it('an HTML 502 page → 1 with a short excerpt', async () => {
    const server = await serve((_q, s) =>
      sendText(
        s,
        502,
        `<html><head><title>502 Bad Gateway</title><style>${'x'.repeat(5000)}</style></head></html>`,
        'text/html',
      ),
    );
    const result = await cli(server, ['update', A1, '--name', 'n']);
    expectCleanFailure(result, 1, /HTTP 502: 502 Bad Gateway/);
    expect(result.stderr.length).toBeLessThan(400);
  });

  it('invalid JSON in a 200 → 1', async () => {
    const server = await serve((_q, s) => sendText(s, 200, '{"success": true, "data": {', 'application/json'));
    expectCleanFailure(await cli(server, ['get', A1]), 1, /not JSON/);
  });

  it('an empty 200 where an agent was expected → 1', async () => {
    const server = await serve((_q, s) => sendText(s, 200, '', 'application/json'));
    expectCleanFailure(
      await cli(server, ['create', '--name', 'a', '--description', 'b', '--llm-model', 'GPT_4']),
      1,
      /not an agent/,
    );
  });

  it('a huge body is refused instead of filling memory → 1', async () => {
    const server = await serve((_q, s) => {
      s.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 40) {
          sent++;
          if (!s.write(chunk)) return s.once('drain', pump);
        }
        s.end();
      };
      pump();
    });
    expectCleanFailure(await cli(server, ['list']), 1, /more than 32 MiB/);
  });

  it('a redirect to another host is not followed and the token stays home → 1', async () => {
    const other = await serve((_q, s) => sendJson(s, 200, { success: true, data: [] }));
    const server = await serve((_q, s) => {
      s.writeHead(307, { location: `${other.url}/api/v1/agents` });
      s.end();
    });
    expectCleanFailure(await cli(server, ['list']), 1, /redirected \(307\)/);
    expect(other.requests).toHaveLength(0);
  });
});

describe('faults in a stream', () => {
  const partial = 'event: message\ndata: Partial answer\n\n';

  it('reset mid-stream keeps the partial answer → 1', async () => {
    const server = await serve((_q, s) => {
      sse(s, [partial], false);
      setTimeout(() => s.socket?.destroy(), 30);
    });
    const result = await cli(server, ['invoke', A1, 'hi']);
    expectCleanFailure(result, 1, /connection dropped mid-answer/);
    expect(result.stdout).toBe('Partial answer\n');
  });

  it('a stream that goes idle keeps the partial answer → 3', async () => {
    const server = await serve((_q, s) => sse(s, [partial], false));
    const result = await cli(server, ['invoke', A1, 'hi', '--timeout', '0.3']);
    expectCleanFailure(result, 3, /nothing arrived for 0.3s/);
    expect(result.stdout).toBe('Partial answer\n');
  });

  it('event: error under HTTP 200 keeps the partial answer → 1', async () => {
    const server = await serve((_q, s) => sse(s, [partial, 'event: error\ndata: upstream exploded\nline two\n\n']));
    const result = await cli(server, ['invoke', A1, 'hi']);
    expectCleanFailure(result, 1, /the agent failed mid-answer: upstream exploded\n\s+line two/);
    expect(result.stdout).toBe('Partial answer\n');
  });

  it('a wrong content type for a stream is read as JSON, or reported → 1', async () => {
    const json = await serve((_q, s) => sendJson(s, 200, { success: true, data: { output: 'as JSON' } }));
    expect((await cli(json, ['invoke', A1, 'hi'])).stdout).toBe('as JSON\n');
    const text = await serve((_q, s) => sendText(s, 200, 'plain words'));
    expectCleanFailure(await cli(text, ['invoke', A1, 'hi']), 1, /plain words/);
  });
});
