// The transport against a real loopback server that misbehaves on purpose.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { ApiError, CliError } from '../../src/errors.js';
import { sendJson, sendText, startTestServer, type Handler, type TestServer } from '../helpers/test-server.js';
import { adviceFor } from '../../src/advice.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const TOKEN = 'tok_test_1234567890';

async function clientFor(handler: Handler, options: { timeoutSeconds?: number; sleeps?: number[] } = {}) {
  server = await startTestServer(handler);
  return new ApiClient({
    baseUrl: server.url,
    token: TOKEN,
    timeoutSeconds: options.timeoutSeconds ?? 5,
    userAgent: 'agents-cli/test',
    sleep: async (ms) => void options.sleeps?.push(ms),
    random: () => 0.5,
  });
}

async function failure(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe('requests', () => {
  it('sends method, path, bearer token, accept, user agent and a JSON body', async () => {
    const client = await clientFor((_req, res) => sendJson(res, 200, { success: true, data: { id: 'a1' } }));
    const response = await client.json('POST', ['agents'], { body: { name: 'x' } });
    expect(response.data).toEqual({ id: 'a1' });
    const [request] = server!.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/api/v1/agents', body: '{"name":"x"}' });
    expect(request!.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/json',
      'content-type': 'application/json',
      'user-agent': 'agents-cli/test',
    });
  });

  it('keeps an id with /, .., ?, # and spaces as one encoded segment', async () => {
    const client = await clientFor((_req, res) => sendJson(res, 200, { id: 'x' }));
    await client.json('GET', ['agents', '../x']);
    await client.json('GET', ['agents', 'a/b?c#d e']);
    expect(server!.requests.map((r) => r.url)).toEqual(['/api/v1/agents/..%2Fx', '/api/v1/agents/a%2Fb%3Fc%23d%20e']);
  });

  it('refuses ids that no URL can carry as a segment', async () => {
    const client = await clientFor((_req, res) => sendJson(res, 200, {}));
    for (const id of ['..', '.', '']) {
      const error = await failure(client.json('GET', ['agents', id]));
      expect([error.exitCode, error.message]).toEqual([2, `"${id}" is not a valid id`]);
    }
    expect(server!.requests).toHaveLength(0);
  });

  it('accepts a bare object as well as the envelope', async () => {
    const client = await clientFor((_req, res) => sendJson(res, 201, { id: 'bare', name: 'n' }));
    expect((await client.json('POST', ['agents'], { body: {} })).data).toEqual({ id: 'bare', name: 'n' });
  });

  it('keeps a base URL path prefix', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, { success: true, data: [] }));
    const client = new ApiClient({ baseUrl: `${server.url}/prefix`, token: TOKEN, timeoutSeconds: 5, userAgent: 'x' });
    await client.json('GET', ['agents'], { query: { skip: 0, take: 10 } });
    expect(server.requests[0]!.url).toBe('/prefix/api/v1/agents?skip=0&take=10');
  });
});

describe('a client without a token (signing up)', () => {
  it('sends no Authorization header, and a bare 500 is the service failing, with no token check asked', async () => {
    server = await startTestServer((_q, s) => sendText(s, 500, 'Internal Server Error'));
    const client = new ApiClient({
      baseUrl: server.url,
      token: '',
      timeoutSeconds: 5,
      userAgent: 't',
      sleep: async () => {},
    });
    const error = await failure(client.json('POST', ['api-users'], { body: { email: 'a@b.c' } }));
    expect([error.kind, error.exitCode]).toEqual(['server', 1]);
    expect(server.requests.map((r) => [r.method, r.headers.authorization])).toEqual([['POST', undefined]]);
  });
});

describe('error answers', () => {
  const cases: Array<[string, Handler, number, RegExp]> = [
    [
      '401',
      (_q, s) => sendJson(s, 401, { detail: 'Invalid token or expired token' }),
      4,
      /Invalid token or expired token/,
    ],
    ['403 of the real service', (_q, s) => sendJson(s, 403, { detail: 'Not authenticated' }), 4, /Not authenticated/],
    ['404', (_q, s) => sendJson(s, 404, { detail: 'Agent not found' }), 5, /Agent not found/],
    [
      '500 for a missing agent',
      (_q, s) => sendJson(s, 500, { detail: "'NoneType' object has no attribute 'metadata'" }),
      5,
      /NoneType/,
    ],
    // A bare 500 is a service failure when the token passes a one-item list, and a rejected token when it does not.
    [
      '500 plain text, token accepted',
      (q, s) =>
        q.method === 'GET' ? sendJson(s, 200, { success: true, data: [] }) : sendText(s, 500, 'Internal Server Error'),
      1,
      /HTTP 500: Internal Server Error/,
    ],
    [
      '500 plain text everywhere (the real service with a bad token)',
      (_q, s) => sendText(s, 500, 'Internal Server Error'),
      4,
      /^the service rejected the token$/,
    ],
    [
      'HTML 502',
      (_q, s) =>
        sendText(
          s,
          502,
          '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad</h1></body></html>',
          'text/html',
        ),
      1,
      /^HTTP 502: 502 Bad Gateway$/,
    ],
    ['invalid JSON in a 200', (_q, s) => sendText(s, 200, '{"success": tru', 'application/json'), 1, /not JSON/],
    [
      'success:false',
      (_q, s) => sendJson(s, 200, { success: false, error: { message: 'API Key not found' } }),
      1,
      /API Key not found/,
    ],
  ];
  for (const [name, handler, exitCode, message] of cases) {
    it(`${name} → exit ${exitCode}`, async () => {
      const client = await clientFor(handler);
      const error = await failure(client.json('POST', ['agents'], { body: {} }));
      expect(error.exitCode).toBe(exitCode);
      expect(error.message).toMatch(message);
    });
  }

  it('a 422 detail list becomes one line per field', async () => {
    const client = await clientFor((_q, s) =>
      sendJson(s, 422, {
        detail: [
          { loc: ['body', 'name'], msg: 'field required', type: 'value_error.missing' },
          {
            loc: ['body', 'llm_params', 'temperature'],
            msg: 'temperature must be between 0 and 2',
            type: 'value_error',
          },
        ],
      }),
    );
    const error = await failure(client.json('POST', ['agents'], { body: {} }));
    expect(error.exitCode).toBe(2);
    expect(error.details).toEqual([
      'name: field required',
      'llm_params.temperature: temperature must be between 0 and 2',
    ]);
  });

  it('an empty 200 is null data', async () => {
    const client = await clientFor((_q, s) => sendText(s, 200, '', 'application/json'));
    expect((await client.json('POST', ['agents', 'a', 'tools'], { body: {} })).data).toBeNull();
  });

  it('does not follow a redirect, so the token stays with the configured host', async () => {
    let otherHostHits = 0;
    const other = await startTestServer((_q, s) => {
      otherHostHits++;
      sendJson(s, 200, {});
    });
    try {
      const client = await clientFor((_q, s) => {
        s.writeHead(302, { location: `${other.url}/api/v1/agents` });
        s.end();
      });
      const error = await failure(client.json('GET', ['agents']));
      expect(error.message).toContain('redirected (302)');
      expect(otherHostHits).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('retries', () => {
  it('honours Retry-After on 429 and then succeeds, for a POST too', async () => {
    const sleeps: number[] = [];
    const client = await clientFor(
      (_q, s, _b, index) =>
        index === 0
          ? sendJson(s, 429, { detail: 'slow down' }, { 'retry-after': '2' })
          : sendJson(s, 200, { id: 'ok' }),
      { sleeps },
    );
    expect((await client.json('POST', ['agents'], { body: {} })).data).toEqual({ id: 'ok' });
    expect(sleeps).toEqual([2000]);
    expect(server!.requests).toHaveLength(2);
  });

  it('gives up after the bounded retries on a run of 503s', async () => {
    const sleeps: number[] = [];
    const client = await clientFor((_q, s) => sendText(s, 503, 'Service Unavailable'), { sleeps });
    const error = await failure(client.json('GET', ['agents']));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(server!.requests).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
    // Exponential ceiling with jitter: each wait lies between half and all of 300·2^n ms.
    sleeps.forEach((ms, n) => {
      expect(ms).toBeGreaterThanOrEqual((300 * 2 ** n) / 2);
      expect(ms).toBeLessThanOrEqual(300 * 2 ** n);
    });
  });

  it('honours Retry-After on a 503 GET (not the plain 5xx backoff), in seconds or as an HTTP date', async () => {
    const sleeps: number[] = [];
    const inFive = new Date(Date.now() + 5_000).toUTCString();
    const headers = ['3', inFive];
    const client = await clientFor(
      (_q, s, _b, index) =>
        index < 2 ? sendJson(s, 503, { detail: 'busy' }, { 'retry-after': headers[index]! }) : sendJson(s, 200, []),
      { sleeps },
    );
    await client.json('GET', ['agents']);
    expect(server!.requests).toHaveLength(3);
    expect(sleeps[0]).toBe(3000);
    expect(sleeps[1]).toBeGreaterThan(3000); // about 5 s less the time the test took so far; never the 450 ms backoff
    expect(sleeps[1]).toBeLessThanOrEqual(5000);
  });

  it('without Retry-After, the waits are exactly the jittered backoff (random 0.5: 225, 450, 900 ms)', async () => {
    const sleeps: number[] = [];
    const client = await clientFor((_q, s) => sendText(s, 503, 'busy'), { sleeps });
    await failure(client.json('GET', ['agents']));
    expect(sleeps).toEqual([225, 450, 900]);
  });

  it('a GET whose answer does not start within the timeout is sent once: no retry quadruples the wait', async () => {
    const sleeps: number[] = [];
    const client = await clientFor(() => undefined, { sleeps, timeoutSeconds: 0.3 }); // never answers
    const error = await failure(client.json('GET', ['agents']));
    expect([error.kind, error.exitCode]).toEqual(['timeout', 3]);
    expect(server!.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('a host that does not resolve is not retried', async () => {
    const sleeps: number[] = [];
    const client = new ApiClient({
      baseUrl: 'http://agents-test.invalid',
      token: TOKEN,
      timeoutSeconds: 5,
      userAgent: 't',
      sleep: async (ms) => void sleeps.push(ms),
    });
    const error = await failure(client.json('GET', ['agents']));
    expect([error.kind, error.message]).toEqual([
      'unreachable',
      'could not resolve agents-test.invalid (in http://agents-test.invalid)',
    ]);
    expect(sleeps).toEqual([]);
  });

  it('does not wait for a Retry-After past the cap', async () => {
    const sleeps: number[] = [];
    const client = await clientFor(
      (_q, s) => sendJson(s, 429, { detail: 'come back tomorrow' }, { 'retry-after': '86400' }),
      { sleeps },
    );
    const error = await failure(client.json('GET', ['agents']));
    expect(error.message).toBe('come back tomorrow');
    expect(sleeps).toEqual([]);
  });

  it('retries a 500 for a GET but never re-sends a POST that reached the server', async () => {
    const client = await clientFor((_q, s, _b, index) =>
      index === 0 ? sendText(s, 500, 'boom') : sendJson(s, 200, []),
    );
    await client.json('GET', ['agents']);
    expect(server!.requests).toHaveLength(2);
    await server!.close();

    const post = await clientFor((_q, s) => sendText(s, 500, 'boom'));
    await failure(post.json('POST', ['agents', 'a', 'invoke'], { body: {} }));
    expect(server!.requests.filter((r) => r.method === 'POST')).toHaveLength(1); // (then one GET: is the token accepted?)
  });

  it('retries a connection reset only for a GET', async () => {
    const get = await clientFor((req, res, _b, index) => {
      if (index === 0) req.socket.destroy();
      else sendJson(res, 200, []);
    });
    await get.json('GET', ['agents']);
    expect(server!.requests).toHaveLength(2);
    await server!.close();

    const post = await clientFor((req) => void req.socket.destroy());
    const error = await failure(post.json('POST', ['agents'], { body: {} }));
    expect(error.exitCode).toBe(3);
    expect(server!.requests).toHaveLength(1);
  });

  it('a refused connection is retried, then reported as unreachable (exit 3)', async () => {
    const port = await freePort();
    const sleeps: number[] = [];
    const client = new ApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: TOKEN,
      timeoutSeconds: 5,
      userAgent: 'x',
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0,
    });
    const error = await failure(client.json('POST', ['agents'], { body: {} }));
    expect(error.exitCode).toBe(3);
    expect(error.message).toContain('connection refused');
    expect(sleeps).toHaveLength(3);
  });
});

describe('timeouts and debug', () => {
  it('a response slower than the timeout is a timeout (exit 3)', async () => {
    const client = await clientFor(() => undefined /* never answers */, { timeoutSeconds: 0.3 });
    const error = await failure(client.json('GET', ['agents']));
    expect(error.kind).toBe('timeout');
    expect(error.exitCode).toBe(3);
    expect(error.message).toMatch(/did not answer within 0.3s/);
  });

  it('--debug lines show the exchange with the token redacted', async () => {
    const lines: string[] = [];
    server = await startTestServer((_q, s) => sendJson(s, 200, { id: 'a' }));
    const client = new ApiClient({
      baseUrl: server.url,
      token: TOKEN,
      timeoutSeconds: 5,
      userAgent: 'x',
      debug: (l) => lines.push(l),
    });
    await client.json('GET', ['agents', 'a']);
    const log = lines.join('\n');
    expect(log).toContain(`→ GET ${server.url}/api/v1/agents/a`);
    expect(log).toMatch(/← 200 application\/json \(\d+ ms\)/);
    expect(log).toContain('authorization: Bearer [redacted]');
    expect(log).not.toContain(TOKEN);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('what --debug shows of an exchange, line by line', () => {
  it('a POST that meets a 503 with Retry-After, then succeeds: method, URL, redacted headers, body, status, the wait', async () => {
    const lines: string[] = [];
    server = await startTestServer((_q, s, _b, index) =>
      index === 0
        ? sendJson(s, 503, { detail: 'busy' }, { 'retry-after': '1' })
        : sendJson(s, 200, { success: true, data: { id: 'a' } }),
    );
    const client = new ApiClient({
      baseUrl: server.url,
      token: TOKEN,
      timeoutSeconds: 5,
      userAgent: 'agents-cli/test',
      debug: (line) => lines.push(line.replace(/\(\d+ ms\)/, '(N ms)')),
      sleep: async () => undefined,
    });
    await client.json('POST', ['agents'], { body: { name: 'x' }, query: { skip: 0, unused: undefined } });
    const url = `${server.url}/api/v1/agents?skip=0`;
    const headers =
      'authorization: Bearer [redacted], accept: application/json, user-agent: agents-cli/test, content-type: application/json';
    expect(lines).toEqual([
      `→ POST ${url}`,
      `  ${headers}`,
      '  body: {"name":"x"}',
      '← 503 application/json (N ms)',
      '  HTTP 503: retrying in 1000 ms',
      `→ POST ${url} (attempt 2)`,
      `  ${headers}`,
      '  body: {"name":"x"}',
      '← 200 application/json (N ms)',
    ]);
  });

  it('a refused connection, and a Retry-After past the cap, say so', async () => {
    const lines: string[] = [];
    const closed = await startTestServer(() => undefined);
    const url = closed.url;
    await closed.close();
    const client = new ApiClient({
      baseUrl: url,
      token: TOKEN,
      timeoutSeconds: 5,
      userAgent: 't',
      debug: (line) => lines.push(line),
      sleep: async () => undefined,
      retry: { maxRetries: 1 },
    });
    await failure(client.json('GET', ['agents']));
    expect(lines.filter((line) => !line.startsWith('  authorization'))).toEqual([
      `→ GET ${url}/api/v1/agents`,
      expect.stringMatching(/^← refused after \(\d+ ms\): connect ECONNREFUSED /),
      expect.stringMatching(/^ {2}refused: retrying in \d+ ms$/),
      `→ GET ${url}/api/v1/agents (attempt 2)`,
      expect.stringMatching(/^← refused after/),
    ]);

    const capped: string[] = [];
    const slow = await clientFor((_q, s) => sendJson(s, 429, { detail: 'later' }, { 'retry-after': '31' }));
    (slow as unknown as { options: { debug: (line: string) => void } }).options.debug = (line) => capped.push(line);
    await failure(slow.json('GET', ['agents']));
    expect(capped).toContain('  Retry-After of 31000 ms is past the cap; not waiting');
  });

  it('a Retry-After exactly at the 30 s cap is still waited for', async () => {
    const sleeps: number[] = [];
    const client = await clientFor(
      (_q, s, _b, index) => (index === 0 ? sendJson(s, 429, {}, { 'retry-after': '30' }) : sendJson(s, 200, [])),
      { sleeps },
    );
    await client.json('GET', ['agents']);
    expect(sleeps).toEqual([30_000]);
  });

  it('a redirect is refused with where it pointed, and how to fix --base-url', async () => {
    const client = await clientFor((_q, s) => {
      s.writeHead(301, { location: 'https://elsewhere.example/api/v1/agents' });
      s.end();
    });
    const error = await failure(client.json('GET', ['agents']));
    expect([error.kind, error.message, adviceFor(error)]).toEqual([
      'bad-response',
      'the service redirected (301) to https://elsewhere.example/api/v1/agents',
      'Set --base-url to the final address; agents does not follow redirects, so the token stays with the configured host.',
    ]);
    await server!.close();
    const bare = await clientFor((_q, s) => {
      s.writeHead(308);
      s.end();
    });
    expect((await failure(bare.json('GET', ['agents']))).message).toBe(
      'the service redirected (308) to an unknown address',
    );
  });

  it('an envelope with success false is the service’s failure, in its own words', async () => {
    const client = await clientFor((_q, s, _b, index) =>
      sendJson(
        s,
        200,
        [
          { success: false, error: { message: 'quota used up' } },
          { success: false, detail: 'nope' },
          { success: false },
        ][index],
      ),
    );
    for (const message of ['quota used up', 'nope', 'the service reported a failure']) {
      const error = await failure(client.json('POST', ['agents'], { body: {} }));
      expect([error.kind, error.message]).toEqual(['server', message]);
    }
  });

  it('whitespace only is an empty answer; a body that is not JSON says so', async () => {
    const client = await clientFor((_q, s, _b, index) =>
      sendText(s, 200, ['  \n', 'nope'][index]!, 'application/json'),
    );
    expect((await client.json('GET', ['agents'])).data).toBeNull();
    expect((await failure(client.json('GET', ['agents']))).message).toBe(
      'the service answered 200 but the body is not JSON: nope',
    );
  });
});

describe('answers at the edges', () => {
  it('a JSON null or a bare number is the data as it is', async () => {
    const client = await clientFor((_q, s, _b, index) =>
      sendText(s, 200, ['null', '5', '[1]'][index]!, 'application/json'),
    );
    expect((await client.json('GET', ['agents'])).data).toBeNull();
    expect((await client.json('GET', ['agents'])).data).toBe(5);
    expect((await client.json('GET', ['agents'])).data).toEqual([1]);
  });

  it('a 300 is a redirect too', async () => {
    const client = await clientFor((_q, s) => {
      s.writeHead(300, { location: '/elsewhere' });
      s.end();
    });
    expect((await failure(client.json('GET', ['agents']))).message).toBe('the service redirected (300) to /elsewhere');
  });

  it('a JSON answer past 32 MiB is refused, not buffered without end', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const client = await clientFor((_q, s) => {
      s.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 33; i++) s.write(chunk);
      s.end();
    });
    const error = await failure(client.json('GET', ['agents']));
    expect([error.kind, error.message]).toEqual([
      'bad-response',
      'the service sent more than 32 MiB; refusing to read it',
    ]);
  });
});

describe('request details a server or --debug can see', () => {
  it('a GET carries no content type; a GET retried after a 500 says why in --debug; a missing content type is named; times are plausible', async () => {
    const lines: string[] = [];
    server = await startTestServer((_q, s, _b, index) => {
      if (index === 0) return sendJson(s, 500, { detail: 'boom' });
      s.writeHead(200);
      s.end('[]');
    });
    const client = new ApiClient({
      baseUrl: server.url,
      token: TOKEN,
      timeoutSeconds: 5,
      userAgent: 't',
      debug: (line) => lines.push(line),
      sleep: async () => undefined,
    });
    await client.json('GET', ['agents']);
    expect(server.requests[0]!.headers['content-type']).toBeUndefined();
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}HTTP 500: retrying in \d+ ms$/));
    const answered = lines.find((l) => l.startsWith('← 200'))!;
    expect(answered).toMatch(/^← 200 \(no content type\) \((\d+) ms\)$/);
    expect(Number(/\((\d+) ms\)/.exec(answered)![1])).toBeLessThan(5000);
  });

  it('a proxy variable that is not a URL is a usage error before anything is sent', () => {
    const saved = process.env.HTTP_PROXY;
    process.env.HTTP_PROXY = 'not a url';
    try {
      expect(
        () => new ApiClient({ baseUrl: 'http://svc.example', token: TOKEN, timeoutSeconds: 5, userAgent: 't' }),
      ).toThrow('HTTP_PROXY "not a url" is not a URL');
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = saved;
    }
  });
});

/** A loopback port whose accept queue is full, so a new connection hangs in SYN-SENT: an address that never answers. */
async function silentPort(): Promise<{ port: number; stop(): void }> {
  const script = [
    'import socket, sys, time',
    's = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(0)',
    'fill = []',
    'for _ in range(4):',
    '    c = socket.socket(); c.setblocking(False)',
    '    try: c.connect(s.getsockname())',
    '    except BlockingIOError: pass',
    '    fill.append(c)',
    'print(s.getsockname()[1], flush=True)',
    'sys.stdin.read()',
  ].join('\n');
  const child = spawn('python3', ['-c', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  return { port: Number(line.toString().trim()), stop: () => child.kill() };
}

describe('the edges of the transport', () => {
  it('an injected dispatcher skips the proxy check: the caller chose how to connect', async () => {
    const saved = process.env.HTTP_PROXY;
    process.env.HTTP_PROXY = 'not a url';
    try {
      server = await startTestServer((_q, s) => sendJson(s, 200, { id: 'a' }));
      const client = new ApiClient({
        baseUrl: server.url,
        token: TOKEN,
        timeoutSeconds: 5,
        userAgent: 't',
        dispatcher: new Agent(),
      });
      expect((await client.json('GET', ['agents', 'a'])).data).toEqual({ id: 'a' });
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = saved;
    }
  });

  it.skipIf(spawnSync('python3', ['--version']).status !== 0)(
    'a stream to an address that never accepts fails at --timeout, not at the 10 s connect default',
    async () => {
      const silent = await silentPort();
      try {
        const client = new ApiClient({
          baseUrl: `http://127.0.0.1:${silent.port}`,
          token: TOKEN,
          timeoutSeconds: 0.4,
          userAgent: 't',
        });
        const started = performance.now();
        const error = await failure(
          client.open('POST', ['agents', 'a', 'invoke'], { body: {}, accept: 'text/event-stream' }),
        );
        expect([error.kind, error.exitCode]).toEqual(['timeout', 3]);
        expect(performance.now() - started).toBeLessThan(5000);
      } finally {
        silent.stop();
      }
    },
  );

  it('a body dripped slower than --timeout allows in total fails with what was being read, though no single gap is long; it is not sent again', async () => {
    const client = await clientFor(
      async (_q, s) => {
        s.writeHead(200, { 'content-type': 'application/json' });
        for (let i = 0; i < 40 && !s.destroyed; i++) {
          s.write(' ');
          await delay(50);
        }
        s.end('[]');
      },
      { timeoutSeconds: 0.5 },
    );
    const error = await failure(client.json('GET', ['agents']));
    expect([error.kind, error.exitCode, error.message, adviceFor(error)]).toEqual([
      'timeout',
      3,
      `${server!.url.replace('http://', '')} did not finish answering /api/v1/agents within 0.5s`,
      'Raise --timeout if the service is slow.',
    ]);
    expect(server!.requests).toHaveLength(1);
  });

  const cut = (s: import('node:http').ServerResponse) => {
    s.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    s.write('{"partial":');
    setTimeout(() => s.destroy(), 20);
  };

  it('a JSON body cut mid-read is a network failure: a GET is sent again (and says so in --debug), a POST is not', async () => {
    const sleeps: number[] = [];
    const lines: string[] = [];
    server = await startTestServer((_q, s, _b, index) => (index === 0 ? cut(s) : sendJson(s, 200, { id: 'whole' })));
    const get = new ApiClient({
      baseUrl: server.url,
      token: TOKEN,
      timeoutSeconds: 5,
      userAgent: 't',
      random: () => 0.5,
      sleep: async (ms) => void sleeps.push(ms),
      debug: (l) => lines.push(l),
    });
    expect((await get.json('GET', ['agents', 'a'])).data).toEqual({ id: 'whole' });
    expect([server.requests.length, sleeps]).toEqual([2, [225]]);
    expect(lines).toContainEqual(expect.stringMatching(/^← body failed \(reset\): \S/));
    expect(lines).toContain('  body cut short: retrying in 225 ms');
    await server.close();

    const post = await clientFor((_q, s) => cut(s));
    const error = await failure(post.json('POST', ['agents'], { body: {} }));
    expect([error.kind, error.exitCode]).toEqual(['unreachable', 3]);
    expect(server.requests).toHaveLength(1);
  });

  it('a GET whose body is cut every time is sent four times in all, then fails', async () => {
    const sleeps: number[] = [];
    const client = await clientFor((_q, s) => cut(s), { sleeps });
    const error = await failure(client.json('GET', ['agents']));
    expect([error.kind, server!.requests.length, sleeps]).toEqual(['unreachable', 4, [225, 450, 900]]);
  });

  it('one retry budget per request: 503s and cut bodies in turn still make four sends in all, not four per loop', async () => {
    const sleeps: number[] = [];
    const client = await clientFor(
      (_q, s, _b, index) => (index % 2 === 0 ? sendJson(s, 503, { detail: 'busy' }) : cut(s)),
      { sleeps },
    );
    const error = await failure(client.json('GET', ['agents']));
    expect(error.kind).toBe('unreachable');
    expect(server!.requests).toHaveLength(4);
    expect(sleeps).toEqual([225, 450, 900]);
  });

  it('the body of a GET 500 that is cut, too big, or too slow is reported as such, not as the 500', async () => {
    const cut500 = await clientFor((_q, s) => {
      s.writeHead(500, { 'content-type': 'text/plain', 'content-length': '100' });
      s.write('Internal');
      setTimeout(() => s.destroy(), 20);
    });
    expect((await failure(cut500.json('GET', ['agents']))).kind).toBe('unreachable');
    await server!.close();

    const huge = Buffer.alloc(33 * 1024 * 1024, 0x20);
    const big500 = await clientFor((_q, s) => {
      s.writeHead(500, { 'content-type': 'text/plain' });
      s.end(huge);
    });
    expect((await failure(big500.json('GET', ['agents']))).message).toBe(
      'the service sent more than 32 MiB; refusing to read it',
    );
    await server!.close();

    const slow500 = await clientFor(
      async (_q, s) => {
        s.writeHead(500, { 'content-type': 'text/plain' });
        for (let i = 0; i < 40 && !s.destroyed; i++) {
          s.write('.');
          await delay(50);
        }
        s.end();
      },
      { timeoutSeconds: 0.5 },
    );
    expect((await failure(slow500.json('GET', ['agents']))).message).toMatch(
      /did not finish answering \/api\/v1\/agents within 0\.5s$/,
    );
  });

  it('without an injected sleep, a retry really waits, and the client signal cuts the wait short', async () => {
    server = await startTestServer((_q, s, _b, index) =>
      index === 0 ? sendJson(s, 503, {}, { 'retry-after': '1' }) : sendJson(s, 200, []),
    );
    const waiting = new ApiClient({ baseUrl: server.url, token: TOKEN, timeoutSeconds: 5, userAgent: 't' });
    const started = performance.now();
    await waiting.json('GET', ['agents']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    await server.close();

    // Ctrl-C during the 20 s the first answer asks for, once the client says it waits (its --debug
    // line comes just before the wait starts): the wait ends there, nothing is sent again.
    const controller = new AbortController();
    server = await startTestServer((_q, s) => sendJson(s, 503, {}, { 'retry-after': '20' }));
    const stopped = new ApiClient({
      baseUrl: server.url,
      token: TOKEN,
      timeoutSeconds: 5,
      userAgent: 't',
      signal: controller.signal,
      debug: (line) => line.includes('retrying in') && queueMicrotask(() => controller.abort()),
    });
    const error = await stopped.json('GET', ['agents']).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(server.requests).toHaveLength(1);
  });

  it('a per-request signal stops the request even when the client has none', async () => {
    const client = await clientFor(() => undefined /* never answers */);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await client.json('GET', ['agents'], { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'interrupted', exitCode: 130 });
  });

  it('a refused stream (no deadline of its own) is unreachable, not a crash', async () => {
    const port = await freePort();
    const client = new ApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: TOKEN,
      timeoutSeconds: 5,
      userAgent: 't',
      sleep: async () => undefined,
    });
    const error = await failure(client.open('POST', ['agents', 'a', 'invoke'], { body: {} }));
    expect([error.kind, error.exitCode]).toEqual(['unreachable', 3]);
  });

  it('a JSON answer of exactly 32 MiB is read; one byte more is refused', async () => {
    const size = 32 * 1024 * 1024;
    const client = await clientFor((_q, s, _b, index) =>
      sendText(s, 200, `"${'a'.repeat(size - 2 + index)}"`, 'application/json'),
    );
    expect(((await client.json('GET', ['agents'])).data as string).length).toBe(size - 2);
    expect((await failure(client.json('GET', ['agents']))).message).toBe(
      'the service sent more than 32 MiB; refusing to read it',
    );
  });
});
