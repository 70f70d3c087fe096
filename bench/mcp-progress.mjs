// What a long answer costs `agents mcp serve` (its budgets: README, Performance): a call with a
// progress token for an answer of about 4 MB, over stdio with a client that reads everything (the
// bytes written on stdout, against the answer's size, and the server's peak RSS), and over HTTP
// with a client that sends the call and then reads nothing for a while (the server's peak RSS).
// Linux: peak RSS is VmHWM from /proc. Prints one JSON object.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';

const bin = fileURLToPath(new URL('../bin/agents.js', import.meta.url));
// Tokens of the emulator's long answer ("token", then " token"): about 3.9 MB, under the 4 Mi
// characters a call keeps.
const TOKENS = 650_000;
const INPUT = `[[long:${TOKENS}]]`;

const emulator = spawn(process.execPath, [bin, 'emulator', '--port', '0', '--json'], {
  stdio: ['ignore', 'pipe', 'ignore'],
  env: { ...process.env, AGENTS_EMULATOR_TOKEN_DELAY_MS: '0' },
});
const first = await new Promise((resolve) => createInterface({ input: emulator.stdout }).once('line', resolve));
const { baseUrl, token } = JSON.parse(first);
const work = mkdtempSync(join(tmpdir(), 'agents-bench-mcp-progress-'));
const env = { ...process.env, AGENTS_CONFIG_DIR: join(work, 'config'), AGENTS_BASE_URL: baseUrl, AGENTS_TOKEN: token };
spawnSync(process.execPath, [bin, 'create', '-q', '--name', 'Long', '--description', 'bench', '--llm-model', 'GPT_4'], {
  env,
});

const peakMiB = (pid) => {
  const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return hwm ? Number(hwm[1]) / 1024 : NaN;
};
const initialize = (id) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
});
const call = (id) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'Long', arguments: { input: INPUT }, _meta: { progressToken: id } },
});

/** Over stdio, everything read: the bytes on stdout, the answer's size, the server's peak RSS. */
function overStdio() {
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, [bin, 'mcp', 'serve'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
    let bytes = 0;
    let answerChars = 0;
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, peakMiB(server.pid))), 50);
    server.stdout.on('data', (chunk) => (bytes += chunk.length));
    createInterface({ input: server.stdout }).on('line', (line) => {
      const message = JSON.parse(line);
      if (message.id !== 2) return;
      answerChars = message.result?.content?.[0]?.text?.length ?? 0;
      peak = Math.max(peak, peakMiB(server.pid));
      clearInterval(sampler);
      server.stdin.end();
    });
    server.on('close', () => resolve({ stdoutBytes: bytes, answerChars, peakMiB: peak }));
    server.on('error', reject);
    for (const message of [initialize(1), { jsonrpc: '2.0', method: 'notifications/initialized' }, call(2)])
      server.stdin.write(JSON.stringify(message) + '\n');
  });
}

/** Over HTTP, a client that sends the call and reads nothing for 5 s: the server's peak RSS. */
async function overHttpNotReading() {
  const server = spawn(process.execPath, [bin, 'mcp', 'serve', '--http', '--port', '0'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  server.stderr.on('data', (chunk) => (err += chunk));
  for (let i = 0; i < 100 && !err.includes('Bearer'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  const url = /MCP over HTTP at (\S+)/.exec(err)[1];
  const bearer = /Authorization: Bearer (\S+)/.exec(err)[1];
  const headers = {
    authorization: `Bearer ${bearer}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const opened = await request(url, { method: 'POST', headers, body: JSON.stringify(initialize(1)) });
  await opened.body.dump();
  const session = { 'mcp-session-id': opened.headers['mcp-session-id'], 'mcp-protocol-version': '2025-06-18' };
  const stalled = await request(url, {
    method: 'POST',
    headers: { ...headers, ...session },
    body: JSON.stringify(call(2)),
  });
  let peak = 0;
  for (let i = 0; i < 100; i++) {
    peak = Math.max(peak, peakMiB(server.pid));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  stalled.body.destroy();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('close', resolve));
  return { peakMiB: peak };
}

try {
  const stdio = await overStdio();
  const http = await overHttpNotReading();
  console.log(
    JSON.stringify({
      answerChars: stdio.answerChars,
      stdioBytes: stdio.stdoutBytes,
      trafficRatio: stdio.stdoutBytes / stdio.answerChars,
      stdioPeakMiB: stdio.peakMiB,
      httpNotReadingPeakMiB: http.peakMiB,
    }),
  );
} finally {
  emulator.kill();
  rmSync(work, { recursive: true, force: true });
}
