// Every file the CLI writes goes through one writer: a regular file or a new path atomically, a
// device, FIFO or symbolic link written through and never replaced; a path it cannot write is exit
// 2 before any request; a write that fails after (a full disk) is exit 8 in one line, as a failed
// write to stdout is. The built binary, real files and devices, a real loopback server.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runBinary } from '../helpers/binary.js';
import { createAgent } from '../helpers/emulator-agent.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';
import { limit } from '../helpers/limits.js';

const dir = mkdtempSync(join(tmpdir(), 'agents-output-'));
let emulator: RunningEmulator;
let silent: TestServer;
let env: Record<string, string>;
let agentId: string;
const evalFile = join(dir, 'evals.yaml');

beforeAll(async () => {
  emulator = await startEmulator({ tokenDelayMs: 0 });
  silent = await startTestServer((_req, res) => sendJson(res, 500, { detail: 'no request was expected' }));
  env = { AGENTS_CONFIG_DIR: tempConfigDir(), AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token };
  agentId = await createAgent(env, 'Writer');
  writeFileSync(evalFile, `cases:\n  - {name: hi, agent: ${agentId}, input: hello, assert: [{contains: hello}]}\n`);
}, limit(30_000));
afterAll(async () => {
  await emulator.close();
  await silent.close();
});

const noStackTrace = (stderr: string) => expect(stderr).not.toMatch(/^\s+at /m);

describe('devices and links are written through, never replaced', () => {
  it('--report /dev/null stays the device; --junit through a link keeps the link and fills its file', async () => {
    const target = join(dir, 'target.xml');
    writeFileSync(target, 'old');
    const link = join(dir, 'junit-link.xml');
    symlinkSync(target, link);
    const result = await runBinary(['eval', '-f', evalFile, '--report', '/dev/null', '--junit', link], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toContain('<testsuites name="agents eval"');
  });

  it('a FIFO is written through: the reader gets the report', async () => {
    const fifo = join(dir, 'report.fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = new Promise<string>((resolve) => {
      import('node:fs').then(({ createReadStream }) => {
        let text = '';
        createReadStream(fifo, 'utf8')
          .on('data', (chunk) => (text += String(chunk)))
          .on('end', () => resolve(text));
      }, resolve);
    });
    const result = await runBinary(['eval', '-f', evalFile, '--report', fifo], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(await reader)).toMatchObject({ format: 1, passed: true });
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('a regular file is replaced whole, keeping its mode', async () => {
    const report = join(dir, 'kept-mode.json');
    writeFileSync(report, 'old', { mode: 0o640 });
    const result = await runBinary(['eval', '-f', evalFile, '--report', report], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(statSync(report).mode & 0o777).toBe(0o640);
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({ format: 1 });
  });
});

describe('a path that cannot be written is exit 2 before any request', () => {
  const offline = () => ({ ...env, AGENTS_BASE_URL: silent.url });
  const file = join(dir, 'a-file');
  beforeAll(() => writeFileSync(file, 'x'));

  it.each([
    [
      'eval --report under a regular file',
      ['eval', '-f', evalFile, '--report', join(file, 'r.json')],
      'a part of the path is a file, not a folder',
    ],
    [
      'eval --junit in a missing folder',
      ['eval', '-f', evalFile, '--junit', join(dir, 'missing', 'r.xml')],
      `the folder ${join(dir, 'missing')} does not exist`,
    ],
    ['eval --report on a folder', ['eval', '-f', evalFile, '--report', dir], 'it is a folder'],
    [
      'diff --summary in a missing folder',
      ['diff', '-f', evalFile, '--summary', join(dir, 'missing', 'summary.md')],
      `the folder ${join(dir, 'missing')} does not exist`,
    ],
    [
      'export -o under a regular file',
      ['export', '--all', '-o', join(file, 'x.yaml')],
      'a part of the path is a file, not a folder',
    ],
  ])('%s', async (_what, args, problem) => {
    const before = silent.requests.length;
    const result = await runBinary(args, { env: offline() });
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toContain(`: ${problem}`);
    noStackTrace(result.stderr);
    expect(silent.requests.length).toBe(before);
  });
});

describe('a write that fails after the checks is exit 8, in one line', () => {
  it('eval --report /dev/full: the run finishes, the report cannot be written', async () => {
    const result = await runBinary(['eval', '-f', evalFile, '--report', '/dev/full'], { env });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('error: could not write --report /dev/full: no space left on device');
    noStackTrace(result.stderr);
  });

  it('the job summary (GITHUB_STEP_SUMMARY) and --html on a full disk: exit 8, the run finished', async () => {
    const summary = await runBinary(['eval', '-f', evalFile], { env: { ...env, GITHUB_STEP_SUMMARY: '/dev/full' } });
    expect(summary.code).toBe(8);
    expect(summary.stdout).toMatch(/^PASS {2}hi/);
    expect(summary.stderr).toContain(
      'error: could not write the job summary (GITHUB_STEP_SUMMARY) /dev/full: no space left on device',
    );
    const html = await runBinary(['eval', '-f', evalFile, '--html', '/dev/full'], { env });
    expect(html.code).toBe(8);
    expect(html.stderr).toContain('error: could not write --html /dev/full: no space left on device');
    noStackTrace(summary.stderr + html.stderr);
  });

  it('export -o /dev/full', async () => {
    const result = await runBinary(['export', agentId, '-o', '/dev/full'], { env });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('could not write --output /dev/full: no space left on device');
  });
});
