// Messages that point the right way: each failure below used to say something that sent a person
// the wrong way (a token hint for a proxy's page, no word of how long to wait, an echo of a library's
// API), or said nothing where it should have (a JSON file with a trailing comma, a key's name).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { python, runInPty } from '../helpers/pty.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';
import { ScriptedPrompter } from '../helpers/scripted-prompter.js';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';

const dir = mkdtempSync(join(tmpdir(), 'agents-messages-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
let emulator: RunningEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  emulator = await startEmulator({ tokenDelayMs: 0 });
  env = { AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token, AGENTS_CONFIG_DIR: tempConfigDir() };
});
afterAll(() => emulator.close());

describe('answers from in front of the service', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it("a proxy's 502 page is not taken for a wrong token", async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>');
    });
    const result = await runCli(['list'], {
      env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: 'tok_messages_0123456789' },
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('502 Bad Gateway');
    expect(result.stderr).toContain('proxy or gateway');
    expect(result.stderr).not.toMatch(/token/i);
    await server.close();
  });

  it('429 with a Retry-After past what agents waits says how long the service asks to wait', async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '99999' });
      res.end(JSON.stringify({ detail: 'Too many requests' }));
    });
    const result = await runCli(['list'], {
      env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: 'tok_messages_0123456789' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('asks to wait 27 h 47 min (Retry-After)');
    await server.close();
  });
});

describe('login at a terminal', () => {
  it('a rejected token is asked for again, the address kept; the accepted one is saved', async () => {
    const configDir = tempConfigDir();
    const prompter = new ScriptedPrompter([
      { ask: /^Token/, answer: 'not-the-token-0123456789' },
      { ask: /^Token/, answer: emulator.token },
    ]);
    const result = await runCli(['login', '--base-url', emulator.url], { configDir, tty: true, prompter });
    expect(result.code, result.stderr).toBe(0);
    expect(prompter.remaining()).toBe(0);
    expect(result.stderr).toMatch(/rejected the token: type it again/);
    const saved = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'));
    expect(JSON.stringify(saved)).toContain(emulator.url);
  });
});

describe('what is typed', () => {
  it('create --name "" says the name is empty, without listing every field', async () => {
    const result = await runCli(['create', '--name', '', '--description', 'd', '--llm-model', 'GPT_4'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--name: must not be empty');
    expect(result.stderr).not.toContain('Known fields');
  });

  it('a base URL holding a user name and password is refused, naming the token, without echoing the password', async () => {
    const result = await runCli(['config', 'set', 'base-url', 'https://me:s3cret-pw@agents.example.com'], {
      configDir: tempConfigDir(),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/user name or password.*token/);
    expect(result.stderr).not.toContain('s3cret-pw');
  });

  it('keys create refuses an empty name and warns of a name another key has', async () => {
    const empty = await runCli(['keys', 'create', ''], { env });
    expect(empty.code).toBe(2);
    expect((await runCli(['keys', 'create', 'ci', '-q'], { env })).code).toBe(0);
    const again = await runCli(['keys', 'create', 'ci', '-q'], { env });
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/API key ci \(.*\) has this name already/);
  });
});

describe('files', () => {
  it('a stack file with a second YAML document says so in words, not in a library call', async () => {
    const stack = file('two-docs.yaml', 'agents:\n  - {name: a, description: d, llmModel: GPT_4}\n---\nagents: []\n');
    const result = await runCli(['diff', '-f', stack], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${stack}:3:1: not valid JSON or YAML: a second document starts here ("---")`);
    expect(result.stderr).not.toContain('parseAllDocuments');
  });

  it('a JSON stack or eval file with a trailing comma is refused at its line', async () => {
    const stack = file(
      'trailing.json',
      '{\n  "agents": [\n    {"name": "a", "description": "d", "llmModel": "GPT_4"},\n  ]\n}\n',
    );
    const applied = await runCli(['apply', '-f', stack], { env });
    expect(applied.code).toBe(2);
    expect(applied.stderr).toContain(`${stack}:4:3: not valid JSON: a value is missing here (a trailing comma?)`);
    const evals = file(
      'trailing-evals.json',
      '{"cases": [{"name": "c", "agent": "x", "input": "hi", "assert": [{"no-error": true},]}]}',
    );
    const evaluated = await runCli(['eval', '-f', evals], { env });
    expect(evaluated.code).toBe(2);
    expect(evaluated.stderr).toContain(`${evals}:1:`);
    expect(evaluated.stderr).toContain('trailing comma');
  });
});

describe.skipIf(!python())('a slow service', () => {
  let slow: TestServer;
  afterAll(() => slow?.close());

  it('a name looked up against it shows the spinner from the first request', async () => {
    slow = await startTestServer(async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      sendJson(res, 200, { success: true, data: [], total_pages: 0 });
    });
    const result = await runInPty(['get', 'Slow bot'], [{ expect: 'Looking up agent Slow bot', send: '' }], {
      AGENTS_BASE_URL: slow.url,
      AGENTS_TOKEN: 'tok_messages_0123456789',
      AGENTS_CONFIG_DIR: tempConfigDir(),
    });
    expect(result.failure).toBeNull();
    expect(result.code).toBe(5);
  });
});
