// `agents eval` as a person and a CI job meet it: the built binary, the emulator, the starter evals.yaml.
// On a terminal the progress line redraws in place and leaves a table; off one, plain lines; the
// JUnit file passes a JUnit XML schema check; Ctrl-C keeps what finished.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { assertBuilt, BIN, runBinary } from '../helpers/binary.js';
import { python, runInPty } from '../helpers/pty.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { renderScreen } from '../helpers/screen.js';
import { starterFolder } from '../helpers/starter.js';
import { limit } from '../helpers/limits.js';
import { untilEvent, untilText } from '../helpers/until.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const XSD = readFileSync(join(ROOT, 'test/fixtures/junit.xsd'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'agents-eval-e2e-'));
// The files `agents init` writes, run from their folder as a reader does.
const starter = starterFolder();
let emulator: RunningEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator({ tokenDelayMs: 10 });
  env = {
    AGENTS_CONFIG_DIR: tempConfigDir(),
    AGENTS_BASE_URL: emulator.url,
    AGENTS_TOKEN: emulator.token,
    AGENTS_KEY_OPENAI: 'sk-test-openai-key',
  };
  const applied = await runBinary(['apply', '-f', 'stack.yaml'], { env, cwd: starter.dir });
  expect(applied.code, applied.stderr).toBe(0);
}, limit(30_000));
afterAll(() => emulator.close());

/** How many invokes the emulator has been sent. */
const invokes = () => emulator.requests.filter((request) => request.path.endsWith('/invoke')).length;

async function schemaProblems(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [{ fileName: 'junit.xsd', contents: XSD }],
  });
  return result.errors.map((error) => error.rawMessage);
}

describe('the JUnit report', () => {
  it('evals.yaml --junit: exit 1, a file the JUnit schema accepts, one failure and one error', async () => {
    const report = join(dir, 'out.xml');
    const result = await runBinary(['eval', '-f', 'evals.yaml', '--junit', report], { env, cwd: starter.dir });
    expect(result.code, result.stderr).toBe(1);
    const xml = readFileSync(report, 'utf8');
    expect(await schemaProblems(xml)).toEqual([]);
    expect(xml).toMatch(
      /<testsuite name="evals\.yaml" package="evals\.yaml" id="0" tests="6" failures="1" errors="1" skipped="0" /,
    );
  });

  it('the schema check can fail: it rejects a report without a failure type, or with testcases after system-out', async () => {
    const result = await runBinary(['eval', '-f', 'evals.yaml', '--junit', join(dir, 'base.xml')], {
      env,
      cwd: starter.dir,
    });
    expect(result.code).toBe(1);
    const xml = readFileSync(join(dir, 'base.xml'), 'utf8');
    expect(await schemaProblems(xml.replace(' type="equals"', ''))).toEqual([
      expect.stringContaining("The attribute 'type' is required but missing"),
    ]);
    expect(
      await schemaProblems(xml.replace('    <system-out/>\n', '').replace('</testsuite>', '<system-out/></testsuite>')),
    ).not.toEqual([]);
  });

  it('names and answers with quotes, angle brackets, ampersands, control characters and emoji stay valid XML', async () => {
    const file = join(dir, 'odd.yaml');
    writeFileSync(
      file,
      [
        'cases:',
        '  - name: "<b>Tom & \\"Jerry\\"</b> \\u0007 🐭"',
        '    agent: Support bot',
        '    input: "say <&> \\u0001\\u001b[31m 🐭"',
        '    assert: [{contains: "never there"}]',
      ].join('\n'),
    );
    const report = join(dir, 'odd.xml');
    const result = await runBinary(['eval', '-f', file, '--junit', report], { env });
    expect(result.code, result.stderr).toBe(1);
    const xml = readFileSync(report, 'utf8');
    expect(await schemaProblems(xml)).toEqual([]);
    expect(xml).toContain('name="&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt; \ufffd 🐭"');
  });
});

describe.skipIf(!python())('on a terminal and off it', () => {
  it(
    'a terminal sees one progress line redrawn in place, then the failures and a table; nothing of the line is left',
    async () => {
      const result = await runInPty(
        ['eval', '-f', 'evals.yaml', '--concurrency', '1'],
        [],
        { ...env, AGENTS_EMULATOR_TOKEN_DELAY_MS: '10' },
        { cols: 80, rows: 40, maxSeconds: 60, cwd: starter.dir },
      );
      expect(result.code).toBe(1);
      // eslint-disable-next-line no-control-regex -- colour codes are what it removes
      const raw = result.bytes.toString('utf8').replace(/\x1b\[[0-9;]*m/g, '');
      // Redrawn: the line is written many times, each time after a return and an erase.
      const erase = '\r\x1b[2K';
      const draws = raw.split(erase).filter((drawn) => drawn.includes('passed · '));
      expect(draws.length).toBeGreaterThan(3);
      expect(raw).toContain(`${erase}4 passed · 2 failed · 0 running · 6/6 · `);
      const screen = await renderScreen(result.bytes, 80, 40);
      const shown = screen.lines.filter((line) => line.trim() !== '');
      expect(shown.some((line) => line.includes(' running · '))).toBe(false);
      expect(shown).toContainEqual(expect.stringMatching(/^RESULT {2}CASE +FIRST TOKEN {2}TOTAL {3}CHARS\/S$/));
      // The table fits the width: a long case name is cut, not wrapped.
      expect(shown.filter((line) => /^(RESULT|PASS|FAIL) {2}/.test(line)).every((line) => line.length <= 80)).toBe(
        true,
      );
      expect(shown.filter((line) => /^(PASS|FAIL) {4}/.test(line))).toHaveLength(6);
      expect(shown.at(-1)).toMatch(/^4 passed, 2 failed of 6 cases in /);
      expect(shown).toContain('  equals: expected the answer to be exactly "Hello! How can I help?"');
    },
    limit(90_000),
  );

  it(
    'under CI=true, even on a terminal: one plain line per case, no redraws',
    async () => {
      const result = await runInPty(
        ['eval', '-f', 'evals.yaml', '--filter', 'a'],
        [],
        { ...env, CI: 'true' },
        { cols: 80, rows: 40, maxSeconds: 60, cwd: starter.dir },
      );
      expect(result.code).toBe(1);
      const raw = result.bytes.toString('utf8');
      expect(raw).not.toContain('\x1b[2K');
      const screen = await renderScreen(result.bytes, 80, 40);
      expect(screen.lines.filter((line) => /^(PASS|FAIL) {2}\S/.test(line)).length).toBeGreaterThanOrEqual(4);
    },
    limit(90_000),
  );
  it(
    'a terminal that reports 0 columns, or a run with --debug, gets plain lines too, and the run ends',
    async () => {
      const result = await runInPty(['eval', '-f', 'evals.yaml', '--filter', 'greets'], [], env, {
        cols: 0,
        rows: 0,
        maxSeconds: 60,
        cwd: starter.dir,
      });
      expect([result.code, result.failure]).toEqual([0, null]);
      expect(result.bytes.toString('utf8')).not.toContain('\x1b[2K');
      expect(result.screen).toMatch(/PASS {2}greets back/);
      // --debug lines would tear a line that redraws: with them, plain lines as well.
      const debug = await runInPty(['eval', '-f', 'evals.yaml', '--filter', 'greets', '--debug'], [], env, {
        cols: 80,
        rows: 40,
        maxSeconds: 60,
        cwd: starter.dir,
      });
      expect(debug.code).toBe(0);
      expect(debug.bytes.toString('utf8')).not.toContain('\x1b[2K');
      expect(debug.screen).toContain('→ POST');
    },
    limit(90_000),
  );
});

it(
  'Ctrl-C stops the run, reports what finished, writes the JUnit file with the rest skipped, and exits 130',
  async () => {
    assertBuilt();
    const file = join(dir, 'slow.yaml');
    writeFileSync(
      file,
      [
        'cases:',
        '  - {name: quick, agent: Support bot, input: hi, assert: [{no-error: true}]}',
        '  - {name: slow one, agent: Support bot, input: "take your time [[slow]]", assert: [{no-error: true}]}',
        '  - {name: never started, agent: Support bot, input: hi, assert: [{no-error: true}]}',
      ].join('\n'),
    );
    const report = join(dir, 'stopped.xml');
    const before = invokes();
    const child = spawn(process.execPath, [BIN, 'eval', '-f', file, '--concurrency', '1', '--junit', report], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    // Ctrl-C once the quick case passed and the slow one is at the service.
    void untilText(child.stdout, /^PASS {2}quick/)
      .then(() => untilEvent(emulator.events, 'request', () => invokes() >= before + 2))
      .then(() => child.kill('SIGINT'));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    // Each case left says why.
    expect(stdout).toMatch(
      /^PASS {2}quick {2}\d+ ms\n\nSKIP {2}slow one {2}not run: interrupted\nSKIP {2}never started {2}not run: interrupted\n\n1 passed, 0 failed, 2 not finished of 3 cases in /,
    );
    expect(stderr).toContain('interrupted');
    const xml = readFileSync(report, 'utf8');
    expect(await schemaProblems(xml)).toEqual([]);
    expect(xml).toContain('<testcase name="never started" classname=');
    expect(xml.match(/<skipped message="not run: interrupted"\/>/g)).toHaveLength(2);
  },
  limit(60_000),
);

it(
  'Ctrl-C in a run of thousands prints one line with the count of cases not run; JUnit still lists each',
  async () => {
    assertBuilt();
    const file = join(dir, 'many.yaml');
    const many = Array.from(
      { length: 2000 },
      (_v, i) =>
        `  - {name: case ${i}, agent: Support bot, input: "hi${i === 1 ? ' [[slow]]' : ''}", assert: [{no-error: true}]}`,
    );
    writeFileSync(file, ['cases:', ...many].join('\n'));
    const report = join(dir, 'many.xml');
    const before = invokes();
    const child = spawn(process.execPath, [BIN, 'eval', '-f', file, '--concurrency', '1', '--junit', report], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    // Ctrl-C once case 0 passed and the slow case 1 is at the service.
    void untilText(child.stdout, /^PASS {2}case 0/)
      .then(() => untilEvent(emulator.events, 'request', () => invokes() >= before + 2))
      .then(() => child.kill('SIGINT'));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    expect(stdout.match(/^SKIP/gm)).toHaveLength(1);
    expect(stdout).toMatch(/^SKIP {2}1999 cases not run: interrupted /m);
    expect(readFileSync(report, 'utf8').match(/<skipped message="not run: interrupted"\/>/g)).toHaveLength(1999);
  },
  limit(60_000),
);
