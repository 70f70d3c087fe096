// A rejected token is exit 4 with the login hint on every command and on both
// wires: the real service answers it with a bare plain-text 500 on every route (one cheap list tells
// that from a service failure), a strict server with 401. And eval tells a broken agent from a broken
// service: a case that could not run stops the run with that error's code, each case left says why,
// and a silent service costs one timeout, not one per case.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runBinary } from '../helpers/binary.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const AGENT = '0b6f9f2e-0000-4000-8000-0000000000a1';
const stackFile = () => {
  const path = join(mkdtempSync(join(tmpdir(), 'agents-token-')), 'stack.yaml');
  writeFileSync(path, 'agents:\n  - {name: T, description: d, llmModel: GPT_4}\n');
  return path;
};
const evalFile = (cases: number, agent = AGENT) => {
  const path = join(mkdtempSync(join(tmpdir(), 'agents-token-')), 'evals.yaml');
  writeFileSync(
    path,
    `cases:\n${Array.from({ length: cases }, (_v, i) => `  - {name: case ${i}, agent: ${agent}, input: hi, assert: [{contains: x}]}\n`).join('')}`,
  );
  return path;
};

describe.each([false, true])('a wrong token (strict server: %s)', (strict) => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ strict, tokenDelayMs: 0 });
  });
  afterAll(() => emulator.close());

  const commands: Array<[string, () => string[]]> = [
    ['list', () => ['list']],
    ['get', () => ['get', AGENT]],
    ['create', () => ['create', '--name', 'n', '--description', 'd', '--llm-model', 'GPT_4']],
    ['update', () => ['update', AGENT, '--prompt', 'p']],
    ['delete', () => ['delete', AGENT, '--yes']],
    ['invoke', () => ['invoke', AGENT, 'hi']],
    ['add-tool', () => ['add-tool', AGENT, '5b0d6a7e-1111-4111-8111-000000000001']],
    ['tools list', () => ['tools', 'list']],
    ['llms list', () => ['llms', 'list']],
    ['apply', () => ['apply', '-f', stackFile()]],
    ['export', () => ['export', '--all']],
    ['eval', () => ['eval', '-f', evalFile(2)]],
  ];
  // In-process (the program the binary runs, with its retry pauses made instant): a bare 500 is
  // retried before the token check, which made these 24 runs a third of this file's time.
  it.each(commands)('%s is exit 4 with the login hint', async (_name, argv) => {
    const result = await runCli(argv(), {
      env: { AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: 'tok_wrong_0123456789' },
    });
    expect(result.code, result.stderr).toBe(4);
    expect(result.stderr).toContain('run `agents login`, or set AGENTS_TOKEN');
  });
});

describe('a bare 500 with a token the service accepts is still a service failure', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer((req, res) => {
      if (req.method === 'GET' && req.url?.startsWith('/api/v1/agents?'))
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":[]}');
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    });
  });
  afterAll(() => server.close());

  it('create answered with a bare 500 is exit 1, after one cheap list that the token passed', async () => {
    const result = await runBinary(['create', '--name', 'n', '--description', 'd', '--llm-model', 'GPT_4'], {
      env: { AGENTS_CONFIG_DIR: tempConfigDir(), AGENTS_BASE_URL: server.url, AGENTS_TOKEN: 'tok_good_0123456789' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('HTTP 500: Internal Server Error');
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/agents',
      'GET /api/v1/agents?skip=0&take=1',
    ]);
  });

  it('api -H Authorization: the 500 is not explained by the configured token, which was not sent', async () => {
    const before = server.requests.length;
    const env = {
      AGENTS_CONFIG_DIR: tempConfigDir(),
      AGENTS_BASE_URL: server.url,
      AGENTS_TOKEN: 'tok_good_0123456789',
    };
    const result = await runCli(['api', 'tools', '-H', 'Authorization: Bearer tok_other_0123456789'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain('accepts the token');
    // The GET and its retries, and no token check.
    expect(new Set(server.requests.slice(before).map((r) => `${r.method} ${r.url}`))).toEqual(
      new Set(['GET /api/v1/tools']),
    );
    // Without -H the same 500 is checked against the token that was sent.
    const checked = await runCli(['api', 'tools'], { env });
    expect(checked.stderr).toContain('(it accepts the token)');
  });
});

describe('eval: a case that could not run', () => {
  let silent: TestServer;
  let invokes = 0;
  beforeAll(async () => {
    // Agents resolve, invokes never answer.
    silent = await startTestServer((req) => {
      if (req.url?.endsWith('/invoke')) invokes++;
      return new Promise(() => undefined);
    });
  });
  afterAll(() => silent.close());

  it('a silent service stops the run at its first timeout (exit 3); each case left says why, in the text, --json and JUnit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agents-silent-'));
    const env = {
      AGENTS_CONFIG_DIR: tempConfigDir(),
      AGENTS_BASE_URL: silent.url,
      AGENTS_TOKEN: 'tok_silent_0123456789',
    };
    const result = await runBinary(
      ['eval', '-f', evalFile(6), '--concurrency', '2', '--timeout', '1', '--junit', join(dir, 'junit.xml')],
      { env },
    );
    expect(result.code).toBe(3);
    expect(invokes).toBe(2); // the first two, at once; none after them
    expect(result.stdout.match(/^SKIP {2}case \d {2}not run: .*did not answer within 1s$/gm)).toHaveLength(6);
    expect(
      readFileSync(join(dir, 'junit.xml'), 'utf8').match(/<skipped message="not run: [^"]*did not answer within 1s"/g),
    ).toHaveLength(6);
    const json = await runBinary(['eval', '-f', evalFile(3), '--concurrency', '3', '--timeout', '1', '--json'], {
      env,
    });
    expect(json.code).toBe(3);
    const document = JSON.parse(json.stdout) as { notRun: Array<{ why: string }>; error: { exitCode: number } };
    expect(document.notRun).toHaveLength(3);
    expect(document.error.exitCode).toBe(3);
  });
});
