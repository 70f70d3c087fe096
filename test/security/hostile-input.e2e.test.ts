// a hostile service, file, proxy or browser page cannot stall the CLI,
// fill its memory, forge its output or reach the emulator. The built binary against misbehaving servers.
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/server.js';
import { runBinary, runMeasured } from '../helpers/binary.js';
import { python, runInPty } from '../helpers/pty.js';
import { createAgent } from '../helpers/emulator-agent.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { renderScreen } from '../helpers/screen.js';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';

const AGENT_ID = '0b6f9f2e-0000-4000-8000-0000000000f1';
const MiB = 1024 * 1024;

/** Writes `piece` until the client goes away or `total` bytes are sent. */
function flood(res: import('node:http').ServerResponse, piece: string, total: number): void {
  let sent = 0;
  const more = () => {
    while (sent < total && !res.destroyed) {
      sent += piece.length;
      if (!res.write(piece)) return void res.once('drain', more);
    }
    res.end();
  };
  res.on('error', () => undefined);
  more();
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const name = /\/agents\/([^/]+)/.exec(req.url ?? '')?.[1] ?? '';
    if (name === 'endless-line' || name === 'endless-answer') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (name === 'endless-line') res.write('event: message\ndata: ');
      return flood(
        res,
        name === 'endless-line' ? 'a'.repeat(64 * 1024) : `event: message\ndata: ${'b'.repeat(4096)}\n\n`,
        200 * MiB,
      );
    }
    if (req.url?.startsWith('/api/v1/agents/0dee')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(`{"success":true,"data":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    }
    if (req.url?.startsWith('/api/v1/agents/f0f0')) {
      return sendJson(res, 400, { detail: 'bad input\nerror: everything is fine, exit 0\u202Egnp.exe' });
    }
    res.writeHead(404).end();
  });
});
afterAll(() => server.close());
const env = () => ({
  AGENTS_CONFIG_DIR: tempConfigDir(),
  AGENTS_BASE_URL: server.url,
  AGENTS_TOKEN: 'tok_hostile_input_0123',
});
const uuid = (prefix: string) => `${prefix}0000-0000-4000-8000-000000000000`.slice(0, 36);

describe('memory is bounded: peak RSS under 150 MiB, one clear line', () => {
  it('an SSE line that never ends', async () => {
    const result = await runMeasured(['invoke', 'endless-line', 'hi', '--timeout', '30'], { env: env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: a line of the stream passed 16 MiB without ending; it stopped reading');
    expect(result.stderr).not.toContain('dropped'); // the CLI stopped reading, the connection did not drop
    expect(result.peakMiB).toBeLessThan(150);
  });

  it('an endless answer under --json', async () => {
    const result = await runMeasured(['invoke', 'endless-answer', 'hi', '--json', '--timeout', '30'], { env: env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the answer passed 4 Mi characters, the most agents keeps in memory');
    expect(JSON.parse(result.stdout).error.exitCode).toBe(1);
    expect(result.peakMiB).toBeLessThan(150);
  });

  it('-f naming /dev/zero, or a link to it', async () => {
    const link = join(mkdtempSync(join(tmpdir(), 'agents-zero-')), 'stack.yaml');
    symlinkSync('/dev/zero', link);
    for (const file of ['/dev/zero', link]) {
      const result = await runMeasured(['apply', '-f', file], { env: env() });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`error: -f ${file} is larger than 16 MiB; refusing to read it\n`);
      expect(result.peakMiB).toBeLessThan(150);
    }
  });
});

describe('patterns cannot block the process', () => {
  const emulator = { env: {} as Record<string, string>, close: async () => undefined as unknown };
  beforeAll(async () => {
    const running = await startEmulator({ tokenDelayMs: 0 });
    emulator.env = { AGENTS_CONFIG_DIR: tempConfigDir(), AGENTS_BASE_URL: running.url, AGENTS_TOKEN: running.token };
    emulator.close = () => running.close();
  });
  afterAll(() => emulator.close());
  const input = `${'a'.repeat(40)}!`; // the emulator's answer quotes it: "aaaa…a!"

  it('an eval regex with nested repetition, with and without a lookahead, fails its check and the run ends', async () => {
    const agentId = await createAgent(emulator.env, 'rx');
    const dir = mkdtempSync(join(tmpdir(), 'agents-regex-'));
    writeFileSync(
      join(dir, 'evals.yaml'),
      `cases:\n  - name: backtracks\n    agent: ${agentId}\n    input: "${input}"\n    assert:\n      - regex: "(a+)+b"\n      - regex: "(?=a)(a+)+b"\n`,
    );
    const result = await runBinary(['eval', '-f', join(dir, 'evals.yaml')], { env: emulator.env });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('expected the answer to match /(a+)+b/');
    expect(result.stdout).toContain('the pattern /(?=a)(a+)+b/ took more than 250 ms to match and was stopped');
  });

  it('an output schema pattern (unicode mode, as JSON Schema is) is stopped and reported as a mismatch', async () => {
    const agentId = await createAgent(emulator.env, 'rx2');
    const schema = JSON.stringify({ type: 'object', properties: { x: { type: 'string', pattern: '(a+)+b' } } });
    const result = await runBinary(['invoke', agentId, input, '--output-schema', schema], {
      env: emulator.env,
    });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('the pattern /(a+)+b/ took more than 250 ms');
  });
});

describe('terminal text', () => {
  it("an error detail's newline cannot forge a line; bidi overrides show as code points", async () => {
    const result = await runBinary(['get', uuid('f0f0')], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('error:'))).toHaveLength(1);
    expect(result.stderr).toContain('bad input^Jerror: everything is fine, exit 0<U+202E>gnp.exe');
  });

  it.skipIf(!python())(
    'on a terminal, a name with a bidi override and zero-width characters is shown escaped',
    async () => {
      const named = await startTestServer((_req, res) =>
        sendJson(res, 200, {
          success: true,
          data: {
            id: AGENT_ID,
            name: 'invoice\u202Efdp.exe\u200B',
            description: 'd',
            llmModel: 'GPT_4',
            isActive: true,
          },
        }),
      );
      try {
        const result = await runInPty(['get', AGENT_ID], [], {
          AGENTS_CONFIG_DIR: tempConfigDir(),
          AGENTS_BASE_URL: named.url,
          AGENTS_TOKEN: 'tok_hostile_input_0123',
        });
        expect(result.code).toBe(0);
        const screen = await renderScreen(result.bytes);
        expect(screen.lines.join('\n')).toContain('invoice<U+202E>fdp.exe<U+200B>');
        expect(result.raw).not.toContain('\u202E');
      } finally {
        await named.close();
      }
    },
  );
});

describe('the emulator answers only its own host names', () => {
  it('a DNS-rebinding Host gets 421 and no data; loopback names are served', async () => {
    const running = await startEmulator({ tokenDelayMs: 0 });
    const { port } = new URL(running.url);
    const ask = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const headers = { ...(host && { host }), authorization: `Bearer ${running.token}` };
        const req = request(
          { host: '127.0.0.1', port, path: '/api/v1/agents', headers, setHost: host !== '' },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    try {
      expect(await ask(`attacker.example:${port}`)).toMatchObject({
        status: 421,
        body: expect.stringContaining('is not this emulator'),
      });
      expect((await ask('')).status).not.toBe(200); // no Host at all: Node's own 400
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`])
        expect((await ask(host)).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});

describe('JSON nested 100,000 deep', () => {
  it('is exit 1 with one clear line, no stack trace', async () => {
    const result = await runBinary(['get', uuid('0dee')], { env: env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: the service sent JSON nested more than 512 levels deep; refusing to read it\n');
  });
});

describe('a proxy that drops CONNECT, refuses it, or never answers', () => {
  let dropper: Server;
  let refuser: Server;
  let silent: Server;
  let connections = 0;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    dropper = createServer((socket) => {
      connections++;
      socket.once('data', () => socket.destroy());
    });
    // A gateway that cannot reach the host answers CONNECT with 502, as squid and corporate proxies do.
    refuser = createServer((socket) =>
      socket.once('data', () => socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n')),
    );
    silent = createServer((socket) => void sockets.add(socket.on('error', () => undefined)));
    await Promise.all(
      [dropper, refuser, silent].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))),
    );
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy(); // the silent proxy never closes them itself
    await Promise.all([dropper, refuser, silent].map((s) => new Promise((resolve) => s.close(resolve))));
  });
  const through = (proxy: Server) => ({
    AGENTS_CONFIG_DIR: tempConfigDir(),
    AGENTS_BASE_URL: 'https://agents.example.com',
    AGENTS_TOKEN: 'tok_hostile_input_0123',
    HTTPS_PROXY: `http://127.0.0.1:${(proxy.address() as { port: number }).port}`,
  });

  it('a dropped CONNECT ends the command with exit 3 naming the proxy, after one connection', async () => {
    const result = await runBinary(['list', '--timeout', '5'], { env: through(dropper) });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^error: the proxy 127\.0\.0\.1:\d+ \(HTTPS_PROXY\) closed the connection on the way to agents\.example\.com\n/,
    );
    expect(connections).toBeLessThan(5);
  });

  it('a CONNECT answered 502 is exit 3 saying the proxy refused the tunnel (it was no Ctrl-C)', async () => {
    const result = await runBinary(['list', '--timeout', '5'], { env: through(refuser) });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^error: the proxy 127\.0\.0\.1:\d+ \(HTTPS_PROXY\) refused the tunnel to agents\.example\.com: it answered HTTP 502 Bad Gateway\n/,
    );
  });

  it('a proxy that never answers ends within --timeout, exit 3 naming the proxy', async () => {
    const result = await runBinary(['list', '--timeout', '1'], { env: through(silent) });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^error: no answer from agents\.example\.com through the proxy 127\.0\.0\.1:\d+ \(HTTPS_PROXY\) within 1s\n/,
    );
  });
});
