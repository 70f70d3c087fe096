// The Streamable HTTP transport's rules, driven raw: Origin, the Bearer scheme in any case, DELETE
// ending a session, SSE events with ids and a retry (resumable with Last-Event-ID), a token kept
// in a file, and SIGTERM ending the server at once while a client holds a stream open.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { BoundedEventStore } from '../../../mcp/event-store.js';
import { useEmulatorEnv } from '../../../../test/helpers/emulator-env.js';
import { createAgent, startHttpServer, type HttpServer } from '../../../../test/helpers/mcp.js';
import { untilEvent } from '../../../../test/helpers/until.js';

const served = useEmulatorEnv();
beforeAll(() => createAgent(served.env, 'Rules'));

const initialize = (version: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });

async function send(server: HttpServer, method: string, headers: Record<string, string>, body?: string) {
  const response = await request(server.url, {
    method: method as 'POST',
    headers: {
      authorization: `Bearer ${server.token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body,
  });
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
}

describe('mcp serve --http', () => {
  it('refuses a foreign or null Origin (403), takes a loopback one, and the Bearer scheme in any case', async () => {
    const server = await startHttpServer(served.env);
    try {
      expect((await send(server, 'POST', { origin: 'https://evil.example' }, initialize('2025-06-18'))).status).toBe(
        403,
      );
      expect((await send(server, 'POST', { origin: 'null' }, initialize('2025-06-18'))).status).toBe(403);
      expect((await send(server, 'POST', { origin: 'http://localhost:6274' }, initialize('2025-06-18'))).status).toBe(
        200,
      );
      const lower = await send(server, 'POST', { authorization: `bearer ${server.token}` }, initialize('2025-06-18'));
      expect(lower.status).toBe(200);
      expect(
        (await send(server, 'POST', { authorization: `BEARER ${server.token}` }, initialize('2025-06-18'))).status,
      ).toBe(200);
      expect(
        (await send(server, 'POST', { authorization: `Basic ${server.token}` }, initialize('2025-06-18'))).status,
      ).toBe(401);
    } finally {
      await server.stop();
    }
  });

  it('DELETE ends a session: the next request in it is 404', async () => {
    const server = await startHttpServer(served.env);
    try {
      const opened = await send(server, 'POST', {}, initialize('2025-06-18'));
      const session = opened.headers['mcp-session-id'] as string;
      const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });
      const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
      expect((await send(server, 'POST', headers, ping)).status).toBe(200);
      expect((await send(server, 'DELETE', headers)).status).toBe(200);
      expect((await send(server, 'POST', headers, ping)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it('answers on 2025-11-25 as SSE events with ids and a retry, and replays them after Last-Event-ID', async () => {
    const server = await startHttpServer(served.env);
    try {
      const opened = await send(server, 'POST', {}, initialize('2025-11-25'));
      const headers = {
        'mcp-session-id': opened.headers['mcp-session-id'] as string,
        'mcp-protocol-version': '2025-11-25',
      };
      await send(server, 'POST', headers, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      const call = JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'Rules', arguments: { input: 'resume me' } },
      });
      const answered = await send(server, 'POST', headers, call);
      expect(answered.headers['content-type']).toContain('text/event-stream');
      expect(answered.text).toMatch(/^retry: 1000$/m);
      const ids = [...answered.text.matchAll(/^id: (\S+)$/gm)].map((match) => match[1]!);
      expect(ids.length).toBeGreaterThanOrEqual(2); // the priming event, then the answer
      // A client whose stream broke after the priming event gets the answer again.
      // The replay comes on a stream that stays open: read until the answer is there.
      const stop = new AbortController();
      const resumed = await request(server.url, {
        method: 'GET',
        headers: {
          authorization: `Bearer ${server.token}`,
          accept: 'text/event-stream',
          'last-event-id': ids[0]!,
          ...headers,
        },
        signal: stop.signal,
      });
      expect(resumed.statusCode).toBe(200);
      let replayed = '';
      for await (const chunk of resumed.body) {
        replayed += chunk.toString();
        if (replayed.includes('resume me')) break;
      }
      stop.abort();
      expect(replayed).toContain('You said: \\"resume me\\"');
    } finally {
      await server.stop();
    }
  });

  it('--token-file keeps one token: made 0600 when missing, the same at the next start', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'agents-mcp-token-')), 'mcp.token');
    const first = await startHttpServer(served.env, ['--token-file', file]);
    await first.stop();
    expect(readFileSync(file, 'utf8').trim()).toBe(first.token);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The token is in the file for its clients: neither start prints it.
    expect(first.stderr()).toContain(`Authorization: Bearer the token in ${file} (made now, 0600)`);
    expect(first.stderr()).not.toContain(first.token);
    const second = await startHttpServer(served.env, ['--token-file', file]);
    const client = await second.connect();
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    await second.stop();
    expect(readFileSync(file, 'utf8').trim()).toBe(first.token);
    expect(second.stderr()).toContain(`Authorization: Bearer the token in ${file}\n`);
    expect(second.stderr()).not.toContain(first.token);
  });

  it('SIGTERM ends it while a client holds a stream open', async () => {
    const server = await startHttpServer(served.env);
    const opened = await send(server, 'POST', {}, initialize('2025-06-18'));
    const headers = {
      'mcp-session-id': opened.headers['mcp-session-id'] as string,
      'mcp-protocol-version': '2025-06-18',
    };
    // The standalone stream a client keeps open for the server's notifications.
    const response = await request(server.url, {
      method: 'GET',
      headers: { authorization: `Bearer ${server.token}`, accept: 'text/event-stream', ...headers },
    });
    expect(response.statusCode).toBe(200);
    const held = response.body.text().catch(() => '');
    // The stream is open: the server still ends (one that waited for it would hang to the test's limit).
    await server.stop();
    await held;
  });
});

describe('--watch over HTTP', () => {
  it('one poller for the process, however many sessions are open', async () => {
    const server = await startHttpServer(served.env, ['--watch', '1']);
    try {
      for (let i = 0; i < 6; i++) expect((await send(server, 'POST', {}, initialize('2025-06-18'))).status).toBe(200);
      const lists = () =>
        served.emulator.requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/agents').length;
      const before = lists();
      // Three ticks: one list each. Six pollers would list six at a time, so the count would pass 3
      // by a jump (a wait on the ticks, not on a clock: a busy machine only makes them late).
      await untilEvent(served.emulator.events, 'request', () => lists() - before >= 3);
      expect(lists() - before).toBeLessThanOrEqual(4);
    } finally {
      await server.stop();
    }
  });
});

describe('the event store', () => {
  it('keeps at most its number of events, the oldest going first', async () => {
    const store = new BoundedEventStore(3, 1_000_000);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await store.storeEvent('s1', { jsonrpc: '2.0', id: i, result: {} }));
    expect(store.size.events).toBe(3);
    const replayed: string[] = [];
    await store.replayEventsAfter(ids[0]!, { send: async (id) => void replayed.push(id) });
    expect(replayed).toEqual(ids.slice(2));
  });

  it('keeps at most its size', async () => {
    const store = new BoundedEventStore(1000, 500);
    for (let i = 0; i < 20; i++)
      await store.storeEvent('s1', { jsonrpc: '2.0', id: i, result: { text: 'x'.repeat(100) } });
    expect(store.size.bytes).toBeLessThanOrEqual(500);
  });
});
