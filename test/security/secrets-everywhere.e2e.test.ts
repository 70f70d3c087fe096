// no secret the run knows reaches any channel (stdout, stderr, --json, --debug,
// JUnit, export files), even when a hostile service echoes it back split across a stream; values under
// secret-named keys are hidden unless --show-secrets; masks show little; proxy passwords never show.
// The built binary for the first case (what a process writes, --debug's start-up lines included);
// the rest in this process, where every channel goes through the same Io and writer.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from '../helpers/binary.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';

const TOKEN = 'tok_echoed_secret_0123456789abcdef';
const AGENT_ID = '0b6f9f2e-0000-4000-8000-0000000000e1';
const sse = (...tokens: string[]) => tokens.map((t) => `event: message\ndata: ${t}\n\n`).join('');

/** A service that repeats the caller's token wherever it can: names, errors, answers (split in two). */
let echo: TestServer;
beforeAll(async () => {
  echo = await startTestServer((req, res) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (req.url?.endsWith('/invoke')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // The token cut in two tokens of the stream: a scrubber that looks at one piece at a time misses it.
      return void res.end(sse('your token is ', token.slice(0, 9), token.slice(9), ' — keep it safe'));
    }
    if (req.url?.startsWith('/api/v1/agents/')) {
      return sendJson(res, 200, {
        success: true,
        data: { id: AGENT_ID, name: `bot ${token}`, description: 'd', llmModel: 'GPT_4', isActive: true },
      });
    }
    // A plain-text body is shown as a 200-character excerpt: the token straddles the cut, so cutting
    // before scrubbing would show its first characters, which no scrubber then recognises.
    res.writeHead(400, { 'content-type': 'text/plain' }).end(`${'x'.repeat(185)} token: ${token} rejected`);
  });
});
afterAll(() => echo.close());

const env = (extra: Record<string, string> = {}) => ({
  AGENTS_CONFIG_DIR: tempConfigDir(),
  AGENTS_BASE_URL: echo.url,
  AGENTS_TOKEN: TOKEN,
  ...extra,
});
const agents = (argv: string[], vars: Record<string, string>) =>
  runCli(argv, { env: vars, configDir: vars.AGENTS_CONFIG_DIR });
const noTokenIn = (...outputs: string[]) => {
  for (const output of outputs) {
    expect(output).not.toContain(TOKEN);
    expect(output).not.toContain(TOKEN.slice(0, 8)); // not even a prefix of it
  }
};

describe('a token the service echoes back is redacted in every channel', () => {
  it('stdout of get, --json, --debug and the streamed answer, a secret split across chunks included', async () => {
    for (const argv of [
      ['get', AGENT_ID],
      ['get', AGENT_ID, '--json'],
      ['get', AGENT_ID, '--debug'],
      ['invoke', AGENT_ID, 'hi'],
      ['invoke', AGENT_ID, 'hi', '--json'],
    ]) {
      const result = await runBinary(argv, { env: env() });
      expect(result.code, `${argv.join(' ')}: ${result.stderr}`).toBe(0);
      noTokenIn(result.stdout, result.stderr);
      expect(result.stdout).toContain('[redacted]');
    }
  });

  it('error messages and --json error documents, cut to an excerpt only after scrubbing', async () => {
    const human = await agents(['list'], env());
    const json = await agents(['list', '--json', '--debug'], env());
    expect(human.code).toBe(2);
    expect(human.stderr).toMatch(/token: \[redact… \d+ more bytes/);
    noTokenIn(human.stdout, human.stderr, json.stdout, json.stderr);
  });

  it('a JUnit file from eval', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agents-junit-'));
    writeFileSync(
      join(dir, 'evals.yaml'),
      `cases:\n  - name: echoes\n    agent: ${AGENT_ID}\n    input: hi\n    assert:\n      - equals: nothing\n`,
    );
    const result = await agents(['eval', '-f', join(dir, 'evals.yaml'), '--junit', join(dir, 'junit.xml')], env());
    expect(result.code).toBe(1);
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toContain('your token is [redacted]');
    noTokenIn(junit, result.stdout, result.stderr);
  });
});

describe('LLM keys read for a run and values under secret-named keys', () => {
  const running = useEmulatorEnv();
  const KEY = 'sk-llm-key-read-for-this-run-42';

  it('apply --debug sends the LLM key and never prints it; the plan says "(changed, not shown)"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agents-keys-'));
    writeFileSync(join(dir, 'stack.yaml'), 'llms:\n  - provider: OPENAI\n    apiKeyEnv: AGENTS_KEY_OPENAI\n');
    const result = await agents(['apply', '-f', join(dir, 'stack.yaml'), '--debug'], {
      ...running.env,
      AGENTS_KEY_OPENAI: KEY,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('"apiKey":"[redacted]"'); // the request body of --debug
    expect(result.stdout + result.stderr).not.toContain(KEY);
    const json = await agents(['apply', '-f', join(dir, 'stack.yaml'), '--json', '--debug'], {
      ...running.env,
      AGENTS_KEY_OPENAI: `${KEY}-2`,
    });
    expect(json.stdout + json.stderr).not.toContain(`${KEY}-2`);
  });

  it('tool metadata keys are hidden in get, list, --json and the plan unless --show-secrets; export writes an AGENTS_KEY_ reference', async () => {
    const secret = 'zapier-nla-secret-0099';
    const metadata = JSON.stringify({ zapierNlaApiKey: secret, region: 'eu' });
    const created = await agents(
      ['tools', 'create', '-q', '--name', 'zap', '--type', 'ZAPIER_NLA', '--metadata', metadata],
      running.env,
    );
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim();
    for (const argv of [
      ['tools', 'get', id],
      ['tools', 'get', id, '--json'],
      ['tools', 'list'],
      ['tools', 'list', '--json'],
    ]) {
      const shown = await agents(argv, running.env);
      expect(shown.code).toBe(0);
      expect(shown.stdout, argv.join(' ')).not.toContain(secret);
      if (argv.includes('get')) expect(shown.stdout).toMatch(/zapierNlaApiKey\\?":\s?\\?"\[redacted\]/);
      if (!argv.includes('list') || argv.includes('--json')) expect(shown.stdout).toContain('eu'); // other metadata stays
    }
    const revealed = await agents(['tools', 'get', id, '--json', '--show-secrets'], running.env);
    expect(revealed.stdout).toContain(secret);

    const exported = await agents(['export', '--all'], running.env);
    expect(exported.stdout).not.toContain(secret);
    expect(exported.stdout).toContain('zapierNlaApiKeyEnv: AGENTS_KEY_ZAP_ZAPIER_NLA_API_KEY');
    // The export applies back with the key in its variable: nothing changes.
    const dir = mkdtempSync(join(tmpdir(), 'agents-export-'));
    writeFileSync(join(dir, 'stack.yaml'), exported.stdout);
    const diff = await agents(['diff', '-f', join(dir, 'stack.yaml')], {
      ...running.env,
      AGENTS_KEY_ZAP_ZAPIER_NLA_API_KEY: secret,
    });
    expect(diff.stdout).toMatch(/^Plan: 0 to create, 0 to update/);
    // A changed key shows in the plan as a change, never as the key.
    const changed = await agents(['diff', '-f', join(dir, 'stack.yaml')], {
      ...running.env,
      AGENTS_KEY_ZAP_ZAPIER_NLA_API_KEY: 'zapier-new-secret-77',
    });
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain('~ update');
    expect(changed.stdout + changed.stderr).not.toMatch(/zapier-nla-secret-0099|zapier-new-secret-77/);
  });
});

describe('masks and proxy passwords', () => {
  it('status shows at most the last 4 characters of a token, never more than a quarter of it', async () => {
    for (const [token, shown] of [
      ['tok_0123456789abcdef', '****cdef'],
      ['abcdefghijkl', '****jkl'],
      ['abcdefghijk', '****jk'],
      ['abcdefgh', '****gh'],
    ]) {
      const status = await agents(['status', '--json'], {
        AGENTS_CONFIG_DIR: tempConfigDir(),
        AGENTS_TOKEN: token!,
        AGENTS_BASE_URL: 'https://agents.example.com',
      });
      expect(JSON.parse(status.stdout).token).toBe(shown);
    }
  });

  it('a proxy password is masked in errors and never printed under --debug', async () => {
    const password = 'pr0xy-pa55word';
    const remote = {
      AGENTS_CONFIG_DIR: tempConfigDir(),
      AGENTS_BASE_URL: 'https://agents.example.com',
      AGENTS_TOKEN: TOKEN,
    };
    const refused = await agents(['list', '--debug'], {
      ...remote,
      HTTPS_PROXY: `http://alice:${password}@127.0.0.1:1`,
    });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('could not reach the proxy 127.0.0.1:1 (HTTPS_PROXY)');
    expect(refused.stdout + refused.stderr).not.toContain(password);
    const unusable = await agents(['list'], { ...remote, HTTPS_PROXY: `http://alice:${password}@bad host:3128` });
    expect(unusable.code).toBe(2);
    expect(unusable.stderr).toContain('"http://alice:****@bad host:3128" is not a URL');
    expect(unusable.stdout + unusable.stderr).not.toContain(password);
  });
});
