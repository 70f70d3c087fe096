// No text from a service, an eval file or an answer can run a workflow command on GitHub Actions
// (docs/security.md, rule 25), read as the runner reads it (helpers/workflow-commands.ts): both
// forms, the Unicode trim, CR, characters a collation ignores, and stop-commands. An answer written
// to a regular file stays byte for byte; --json stays valid JSON with the same values.
import { closeSync, mkdtempSync, openSync, readFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandEscaper, jsonForRunner } from '../../src/ci/command-guard.js';
import type { OutputStream } from '../../src/deps.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';
import { runnerReads } from '../helpers/workflow-commands.js';

/** Each would run on a real runner if printed as it is. */
const HOSTILE = [
  '::add-mask::leaked',
  '  ::warning::forged',
  '\u00a0\u3000\u2003::error::unicode space before',
  '\u200b::notice::zero width before',
  'text then ##[add-mask]legacy anywhere',
  '#\u200b#[set-output name=a]ignorable between',
  'first\r::stop-commands::pause',
  ':\u200b:group::colon, ignorable, colon',
  '###[debug]three hashes',
];
const ANSWER = HOSTILE.join('\n');
/** What a service streams: SSE itself ends a line at CR, so the CR case is the escaper's alone. */
const STREAMED = HOSTILE.filter((line) => !line.includes('\r')).join('\n');
const AGENT_ID = '0b6f9f2e-0000-4000-8000-0000000000c1';

describe('the runner model', () => {
  it('reads every hostile line as a command when printed as it is', () => {
    for (const line of HOSTILE) {
      const read = runnerReads(line);
      expect(read.commands.length + (read.stopped ? 1 : 0), JSON.stringify(line)).toBe(1);
    }
    // and stop-commands stops the rest until its token
    const framed = runnerReads('::stop-commands::t0k3n\n::error::x\n::t0k3n::\n::warning::y\n');
    expect(framed.commands.map((c) => c.command)).toEqual(['warning']);
    expect(runnerReads('::stop-commands::t0k3n\n').stopped).toBe(true);
  });
});

describe('the escaper', () => {
  it('leaves no command however the text is cut into pieces, and changes nothing else', () => {
    for (const size of [1, 2, 3, 7, 1000]) {
      const escaper = new CommandEscaper();
      let out = '';
      for (let at = 0; at < ANSWER.length; at += size) out += escaper.push(ANSWER.slice(at, at + size));
      out += escaper.flush();
      expect(runnerReads(out).commands, `pieces of ${size}`).toEqual([]);
      expect(out.replace(/\u00a0(?=[:[])/g, '').replace(/:\u00a0/g, ':')).toBe(ANSWER.replace(/:\u00a0/g, ':'));
    }
    const plain = 'a: b\n#1 [x] and ## heading\n:) smile\n';
    const escaper = new CommandEscaper();
    expect(escaper.push(plain) + escaper.flush()).toBe(plain);
  });

  it('JSON keeps its value and reads as no command', () => {
    const json = JSON.stringify({ answer: ANSWER }, null, 2);
    const safe = jsonForRunner(json);
    expect(JSON.parse(safe)).toEqual({ answer: ANSWER });
    expect(runnerReads(safe).commands).toEqual([]);
  });
});

describe('with GITHUB_ACTIONS=true', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer((req, res) => {
      if (req.url?.endsWith('/invoke')) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        // The answer in pieces that cut the marks: "::" and "##[" arrive split.
        const pieces = STREAMED.match(/[\s\S]{1,3}/g)!;
        return void res.end(
          pieces
            .map(
              (p) =>
                `event: message\n${p
                  .split('\n')
                  .map((l) => `data: ${l}`)
                  .join('\n')}\n\n`,
            )
            .join(''),
        );
      }
      if (req.url?.startsWith('/api/v1/agents/')) return sendJson(res, 404, { detail: `no agent\n${STREAMED}` });
      return sendJson(res, 200, {
        success: true,
        data: HOSTILE.filter((name) => !name.includes('\r')).map((name, i) => ({
          id: `${AGENT_ID.slice(0, -2)}${10 + i}`,
          name,
          description: name,
          llmModel: 'GPT_4',
          isActive: true,
        })),
      });
    });
  });
  afterAll(() => server.close());
  const env = () => ({
    AGENTS_CONFIG_DIR: tempConfigDir(),
    AGENTS_BASE_URL: server.url,
    AGENTS_TOKEN: 'tok_runner_guard_0123456789',
    GITHUB_ACTIONS: 'true',
    AGENTS_NO_LOG: '1',
  });

  it('an answer piped on: no command, and the runner reads commands again at the end', async () => {
    const result = await runCli(['invoke', AGENT_ID, 'hi'], { env: env() });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(STREAMED.length);
    for (const output of [result.stdout, result.stderr, result.stdout + result.stderr]) {
      const read = runnerReads(output);
      expect(read.commands).toEqual([]);
      expect(read.stopped).toBe(false);
    }
  });

  it('--json: valid JSON whose output is the answer as it came', async () => {
    const result = await runCli(['invoke', AGENT_ID, 'hi', '--json'], { env: env() });
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { output: string }).output).toBe(STREAMED);
    expect(runnerReads(result.stdout).commands).toEqual([]);
  });

  it('an answer written to a regular file stays byte for byte', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'agents-answer-')), 'answer.txt');
    const fd = openSync(path, 'w');
    const file: OutputStream & { fd: number } = {
      fd,
      write: (chunk, callback) => {
        writeSync(fd, Buffer.from(chunk));
        callback?.(null);
        return true;
      },
      once: () => undefined,
    };
    const result = await runCli(['invoke', AGENT_ID, 'hi'], { env: env(), stdout: file });
    closeSync(fd);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(`${STREAMED}\n`);
  });

  it('views, errors and their details on stderr: no command; the CLI’s own lines framed and resumed', async () => {
    const listed = await runCli(['list'], { env: env() });
    expect(listed.code, listed.stderr).toBe(0);
    expect(runnerReads(listed.stdout).commands).toEqual([]);
    const missing = await runCli(['get', AGENT_ID], { env: env() });
    expect(missing.code).toBe(5);
    const read = runnerReads(missing.stderr);
    expect(read.commands).toEqual([]);
    expect(read.stopped).toBe(false);
    expect(missing.stderr).toMatch(/^::stop-commands::[0-9a-f]{32}\n/);
  });
});
