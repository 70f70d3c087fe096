// What `agents mcp serve` costs (its budgets: README, Performance), on the Node running this script:
// - the first tools/list answer, from spawning the server, against `agents list`'s whole run;
// - a call's time to first token (the first progress notification, server warm) against
//   `agents invoke --events`' own time to first token.
// Prints one JSON object. BENCH_RUNS sets the number of timed runs (after two warm-ups).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/agents.js', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 15);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const emulator = spawn(process.execPath, [bin, 'emulator', '--port', '0', '--json'], {
  stdio: ['ignore', 'pipe', 'ignore'],
});
const first = await new Promise((resolve) => createInterface({ input: emulator.stdout }).once('line', resolve));
const { baseUrl, token } = JSON.parse(first);
// Removed at the end: run on its own (not under npm run bench's temporary root), it left one a run.
const work = mkdtempSync(join(tmpdir(), 'agents-bench-mcp-'));
const env = {
  ...process.env,
  AGENTS_CONFIG_DIR: join(work, 'config'),
  AGENTS_BASE_URL: baseUrl,
  AGENTS_TOKEN: token,
};
let agentId;
for (let i = 0; i < 20; i++) {
  agentId = spawnSync(
    process.execPath,
    [bin, 'create', '-q', '--name', `mcp-${i}`, '--description', 'bench', '--llm-model', 'GPT_4'],
    {
      env,
      encoding: 'utf8',
    },
  ).stdout.trim();
}

function timeList() {
  const start = performance.now();
  if (spawnSync(process.execPath, [bin, 'list', '--all', '-q'], { env, stdio: 'ignore' }).status !== 0)
    throw new Error('list failed');
  return performance.now() - start;
}

/** A server started, initialized and asked for its tools: ms to the tools/list answer. */
function timeFirstToolsList() {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const server = spawn(process.execPath, [bin, 'mcp', 'serve'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
    const send = (message) => server.stdin.write(JSON.stringify(message) + '\n');
    createInterface({ input: server.stdout }).on('line', (line) => {
      if (JSON.parse(line).id === 2) {
        resolve(performance.now() - start);
        server.stdin.end();
      }
    });
    server.on('error', reject);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  });
}

/** A warm server: ms from sending tools/call to the first progress notification, for each call. */
async function mcpTimesToFirstToken(count) {
  const server = spawn(process.execPath, [bin, 'mcp', 'serve'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = createInterface({ input: server.stdout });
  const waiting = new Map();
  lines.on('line', (line) => {
    const message = JSON.parse(line);
    const key = message.method === 'notifications/progress' ? `p${message.params.progressToken}` : `r${message.id}`;
    waiting.get(key)?.(message);
  });
  const next = (key) => new Promise((resolve) => waiting.set(key, resolve));
  const send = (message) => server.stdin.write(JSON.stringify(message) + '\n');
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  await next('r1');
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  const tools = (await next('r2')).result.tools;
  const name = tools.find((tool) => tool.name === 'mcp-19' || tool.name.startsWith('mcp-19'))?.name ?? tools[0].name;
  const times = [];
  for (let i = 0; i < count; i++) {
    const id = 100 + i;
    const start = performance.now();
    const progress = next(`p${id}`);
    const done = next(`r${id}`);
    send({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: { input: 'hello' }, _meta: { progressToken: id } },
    });
    await progress;
    times.push(performance.now() - start);
    await done;
  }
  server.stdin.end();
  return times;
}

/** `agents invoke --events`: its own time to first token (the timing event). */
function invokeTtft() {
  const out = spawnSync(process.execPath, [bin, 'invoke', agentId, 'hello', '--events'], {
    env,
    encoding: 'utf8',
  }).stdout;
  const timing = out
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .find((event) => event.type === 'timing');
  return timing.ttftMs;
}

try {
  for (let i = 0; i < 2; i++) {
    timeList();
    await timeFirstToolsList();
    invokeTtft();
  }
  const listMs = median(Array.from({ length: runs }, timeList));
  const toolsList = [];
  for (let i = 0; i < runs; i++) toolsList.push(await timeFirstToolsList());
  const firstToolsListMs = median(toolsList);
  const invokeTtftMs = median(Array.from({ length: runs }, invokeTtft));
  const mcpTtftMs = median((await mcpTimesToFirstToken(runs + 2)).slice(2));
  console.log(
    JSON.stringify({
      agents: 20,
      listMs,
      firstToolsListMs,
      ratio: firstToolsListMs / listMs,
      invokeTtftMs,
      mcpTtftMs,
      addedMs: mcpTtftMs - invokeTtftMs,
    }),
  );
} finally {
  emulator.kill();
  rmSync(work, { recursive: true, force: true });
}
