// `agents eval` in-process, against the emulator (the agents of the starter stack.yaml) and against
// small servers that misbehave on purpose: exit codes, reports, repeats, and stopping early.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';
import { frame, drip } from '../../../test/helpers/drip.js';
import { runCli } from '../../../test/helpers/run-cli.js';
import { starterFolder } from '../../../test/helpers/starter.js';
import { sendJson, startTestServer } from '../../../test/helpers/test-server.js';

const starter = starterFolder();
const dir = mkdtempSync(join(tmpdir(), 'agents-eval-'));
let emulator: RunningEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator({ tokenDelayMs: 0 });
  env = { AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token, AGENTS_KEY_OPENAI: 'sk-test-openai-key' };
  const applied = await runCli(['apply', '-f', starter.stack], { env });
  expect(applied.code, applied.stderr).toBe(0);
});
afterAll(() => emulator.close());

const evals = starter.evals;
const evalFile = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('the starter evals.yaml against the emulator', () => {
  it('off a terminal: one line per finished case, why each failure failed, the totals; exit 1', async () => {
    const result = await runCli(['eval', '-f', evals, '--concurrency', '1'], { env });
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 6).map((line) => line.replace(/ {2}\d+ ms$/, ''))).toEqual([
      'PASS  greets back',
      'PASS  remembers within a conversation',
      'PASS  calls the forecast tool',
      'PASS  answers in JSON',
      'FAIL  says it exactly (fails on purpose)',
      'FAIL  survives a model failure (fails on purpose)',
    ]);
    expect(lines.slice(6, 18)).toEqual([
      '',
      'FAIL  says it exactly (fails on purpose)',
      `  at ${evals}:39, agent Support bot`,
      '  equals: expected the answer to be exactly "Hello! How can I help?"',
      '    answer: You said: "hello". This is turn 1 of the session — it is 21°C and sunny in the emulator.',
      '',
      'FAIL  survives a model failure (fails on purpose)',
      `  at ${evals}:45, agent Support bot`,
      '  no-error: the agent failed: Error code: 500 - simulated model failure',
      expect.stringMatching(/^ {4}answer: You said: "\[\[error\]\]/),
      '',
      expect.stringMatching(/^4 passed, 2 failed of 6 cases in \d+(\.\d+)? m?s$/),
    ]);
    expect(result.stderr).toBe('');
  });

  it('--filter picks cases by name (any case); all passing is exit 0', async () => {
    const result = await runCli(['eval', '-f', evals, '--filter', 'GREETS'], { env });
    expect([result.code, result.stdout.split('\n')[0]]).toEqual([
      0,
      expect.stringMatching(/^PASS {2}greets back {2}\d+ ms$/),
    ]);
    expect(result.stdout).toMatch(/\n1 passed, 0 failed of 1 case in /);
  });

  it('--filter that matches nothing is exit 2, listing the names', async () => {
    const result = await runCli(['eval', '-f', evals, '--filter', 'nothing like it'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no case name contains "nothing like it"');
    expect(result.stderr).toContain('greets back');
  });

  it('--json: one document with every case, run, turn, check and timing', async () => {
    const result = await runCli(['eval', '-f', evals, '--json', '--filter', 'e'], { env });
    expect(result.code).toBe(1);
    const doc = JSON.parse(result.stdout);
    expect(doc.summary).toEqual({ cases: 6, passed: 4, failed: 2, unfinished: 0, durationMs: expect.any(Number) });
    expect(doc.passed).toBe(false);
    const tool = doc.cases.find((c: { name: string }) => c.name === 'calls the forecast tool');
    expect(tool).toMatchObject({ agent: 'Travel bot', passed: true, passRate: 1, where: `${evals}:23` });
    const [run] = tool.runs;
    expect(run.turns[0].toolCalls).toEqual([
      expect.objectContaining({ name: 'forecast', args: { query: 'Will it rain in Paris tomorrow?' } }),
    ]);
    expect(run.turns[0].checks.map((c: { kind: string; passed: boolean }) => [c.kind, c.passed])).toEqual([
      ['tool-called', true],
      ['tool-called', true],
      ['max-ttft-ms', true],
    ]);
    expect(run.turns[0].timing).toEqual({
      ttftMs: expect.any(Number),
      totalMs: expect.any(Number),
      chars: run.turns[0].output.length,
      // A clock: an answer streamed within a millisecond has no rate (null).
      charsPerSecond: run.turns[0].timing.charsPerSecond === null ? null : expect.any(Number),
    });
    const json = doc.cases.find((c: { name: string }) => c.name === 'answers in JSON');
    // Streamed, a structured answer arrives as text, as the real service sends it.
    expect(JSON.parse(json.runs[0].turns[0].output)).toEqual({ city: expect.any(String), hours: 42 });
    const talk = doc.cases.find((c: { name: string }) => c.name === 'remembers within a conversation');
    expect(talk.runs[0].turns.map((t: { input: string }) => t.input)).toEqual(['My name is Ada.', 'What is my name?']);
    expect(talk.runs[0].turns[1].output).toContain('Earlier you said: "My name is Ada."');
  });

  it('--events: NDJSON as cases start and finish, a timing per turn, a summary last', async () => {
    const result = await runCli(['eval', '-f', evals, '--events', '--filter', 'remembers'], { env });
    expect(result.code).toBe(0);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.map((e) => e.type)).toEqual(['case_start', 'timing', 'timing', 'case_end', 'summary']);
    expect(events[1]).toEqual({
      type: 'timing',
      case: 'remembers within a conversation',
      run: 1,
      turn: 1,
      ttftMs: expect.any(Number),
      totalMs: expect.any(Number),
      chars: expect.any(Number),
      // null when the answer took under a millisecond, as a fast emulator's can on a quick machine
      charsPerSecond: events[1].charsPerSecond === null ? null : expect.any(Number),
    });
    expect(events[3]).toMatchObject({ type: 'case_end', passed: true, failures: [] });
    expect(events[4]).toMatchObject({ type: 'summary', cases: 1, passed: 1, failed: 0 });
  });

  it('--repeat 5 runs each case five times, each in its own session, and reports the rate', async () => {
    const result = await runCli(['eval', '-f', evals, '--repeat', '5', '--filter', 'says it', '--json'], { env });
    const [only] = JSON.parse(result.stdout).cases;
    expect(only.runs).toHaveLength(5);
    expect(new Set(only.runs.map((r: { sessionId: string }) => r.sessionId)).size).toBe(5);
    expect([only.passRate, only.passed]).toEqual([0, false]);
    const human = await runCli(['eval', '-f', evals, '--repeat', '5', '--filter', 'says it'], { env });
    expect(human.stdout).toMatch(/^FAIL {2}says it exactly \(fails on purpose\) {2}0\/5 runs {2}\d+ ms\n/);
    expect(human.stdout).toContain('  passed 0 of 5 runs (0%), needs 100%; run 1 failed:');
  });
});

describe('pass rates against a flaky agent', () => {
  it('3 of 5 runs pass: --threshold 0.6 passes it, the default 1.0 fails it', async () => {
    const agent = { id: '3f0e8a52-7d1c-4c3e-9a57-2b8f6d1e0c44', name: 'Flaky' };
    let invokes = 0;
    const server = await startTestServer(async (req, res) => {
      if (req.method === 'GET') return sendJson(res, 200, { success: true, data: [agent] });
      const failing = invokes++ % 5 >= 3; // runs 4 and 5 of every five fail
      await drip(
        res,
        failing ? [frame('Par'), frame('Error code: 500 - overloaded', 'error')] : [frame('Paris'), frame(' it is')],
        1,
      );
    });
    try {
      const file = evalFile(
        'flaky.yaml',
        'cases:\n  - {name: capital, agent: Flaky, input: capital of France?, assert: [{contains: Paris}, {no-error: true}]}\n',
      );
      const flakyEnv = { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: 'tok_test_0123456789' };
      const strict = await runCli(['eval', '-f', file, '--repeat', '5', '--concurrency', '1'], { env: flakyEnv });
      expect(strict.code).toBe(1);
      expect(strict.stdout).toContain('  passed 3 of 5 runs (60%), needs 100%; run 4 failed:');
      expect(strict.stdout).toContain('  contains: expected the answer to contain "Paris"');
      expect(strict.stdout).toContain('  no-error: the agent failed: Error code: 500 - overloaded');
      const lenient = await runCli(['eval', '-f', file, '--repeat', '5', '--concurrency', '1', '--threshold', '0.6'], {
        env: flakyEnv,
      });
      expect([lenient.code, lenient.stdout.split('\n')[0]]).toEqual([
        0,
        expect.stringMatching(/^PASS {2}capital {2}3\/5 runs {2}\d+ ms$/),
      ]);
      const stricter = await runCli(
        ['eval', '-f', file, '--repeat', '5', '--concurrency', '1', '--threshold', '0.61'],
        { env: flakyEnv },
      );
      expect(stricter.code).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('what each invoke sends', () => {
  it('turns share one session, each case and each repeat gets a fresh one; outputSchema and llm_params go as given', async () => {
    const agent = { id: '3f0e8a52-7d1c-4c3e-9a57-2b8f6d1e0c44', name: 'Echo' };
    const server = await startTestServer(async (req, res) => {
      if (req.method === 'GET') return sendJson(res, 200, { success: true, data: [agent] });
      await drip(res, [frame('{"ok": true}')], 1);
    });
    try {
      const file = evalFile(
        'sent.yaml',
        [
          'cases:',
          '  - name: talk',
          '    agent: Echo',
          '    outputSchema: {type: object}',
          '    llm_params: {temperature: 0.2, max_tokens: 64}',
          '    turns: [{input: one}, {input: two, assert: [{is-json: true}]}]',
        ].join('\n'),
      );
      const result = await runCli(['eval', '-f', file, '--repeat', '2', '--concurrency', '1'], {
        env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: 'tok_test_0123456789' },
      });
      expect(result.code, result.stderr).toBe(0);
      const bodies = server.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body));
      expect(bodies.map((b) => b.input)).toEqual(['one', 'two', 'one', 'two']);
      expect(bodies[0]).toEqual({
        input: 'one',
        enableStreaming: true,
        sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        outputSchema: '{"type":"object"}',
        llm_params: { temperature: 0.2, max_tokens: 64 },
      });
      expect(bodies[1].sessionId).toBe(bodies[0].sessionId);
      expect(bodies[3].sessionId).toBe(bodies[2].sessionId);
      expect(bodies[2].sessionId).not.toBe(bodies[0].sessionId);
      expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('exit codes', () => {
  const oneCase = (agent: string) =>
    evalFile(`${agent}.yaml`, `cases:\n  - {name: c, agent: ${agent}, input: hi, assert: [{no-error: true}]}\n`);

  it('2: an invalid file, before any request', async () => {
    const before = emulator.requests.length;
    const result = await runCli(['eval', '-f', evalFile('bad.yaml', 'cases:\n  - {name: x, input: hi}\n')], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('invalid eval file (nothing was sent)');
    expect(emulator.requests.length).toBe(before);
  });

  it('2: a judge without its agent or its rubric says which one is missing', async () => {
    const file = evalFile(
      'judges.yaml',
      'cases:\n  - name: j\n    agent: Support bot\n    input: hi\n    assert:\n      - judge: {rubric: polite}\n      - judge: {agent: Support bot}\n',
    );
    const result = await runCli(['eval', '-f', file], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}:6: case "j": judge.agent: `);
    expect(result.stderr).toContain(`${file}:7: case "j": judge.rubric: `);
  });

  it('2: bad flags, each naming itself', async () => {
    for (const [flags, message] of [
      [['--concurrency', '0'], '--concurrency must be from 1 to 64'],
      [['--repeat', 'many'], '--repeat must be a number'],
      [['--threshold', '1.5'], '--threshold must be between 0 and 1'],
      [['--events', '--json'], '--events and --json cannot be used together'],
      [['--junit', dir], `cannot write --junit ${dir}: it is a folder`],
      [
        ['--junit', join(dir, 'no-such-folder', 'r.xml')],
        `cannot write --junit ${join(dir, 'no-such-folder', 'r.xml')}`,
      ],
    ] as const) {
      const result = await runCli(['eval', '-f', evals, ...flags], { env });
      expect([result.code, result.stderr.split('\n')[0]], flags.join(' ')).toEqual([
        2,
        expect.stringContaining(message),
      ]);
    }
  });

  it('4: a token the service refuses (401, as a strict server says it) stops the run before any invoke', async () => {
    const server = await startTestServer((_q, res) => sendJson(res, 401, { detail: 'Invalid token' }));
    try {
      const result = await runCli(['eval', '-f', evals], {
        env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: 'wrong-token' },
      });
      expect(result.code).toBe(4);
      expect(server.requests.map((r) => r.method)).toEqual(['GET']);
    } finally {
      await server.close();
    }
  });

  it('4: a token that stops being accepted mid-run stops the run; the cases that finished are reported', async () => {
    const agent = { id: '3f0e8a52-7d1c-4c3e-9a57-2b8f6d1e0c44', name: 'Revoked' };
    let invokes = 0;
    const server = await startTestServer(async (req, res) => {
      if (req.method === 'GET') return sendJson(res, 200, [agent]);
      if (invokes++ >= 1) return sendJson(res, 403, { detail: 'Not authenticated' });
      await drip(res, [frame('fine')], 1);
    });
    try {
      const file = evalFile(
        'revoked.yaml',
        'cases:\n' +
          ['one', 'two', 'three']
            .map((n) => `  - {name: ${n}, agent: Revoked, input: hi, assert: [{contains: fine}]}\n`)
            .join(''),
      );
      const result = await runCli(['eval', '-f', file, '--concurrency', '1'], {
        env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: 'tok_test_0123456789' },
      });
      expect(result.code).toBe(4);
      expect(result.stdout).toMatch(
        /^PASS {2}one {2}\d+ ms\n\nSKIP {2}two {2}not run: Not authenticated\nSKIP {2}three {2}not run: Not authenticated\n\n1 passed, 0 failed, 2 not finished of 3 cases in /,
      );
      expect(result.stderr).toContain('Not authenticated');
      expect(invokes).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('5: a case naming an agent that does not exist, before any invoke, naming the case', async () => {
    const result = await runCli(['eval', '-f', oneCase('Ghost')], { env });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('agent "Ghost" not found');
    expect(result.stderr).toMatch(/named by case "c" \(.*Ghost\.yaml:2\)/);
  });

  it('5: a full id the real service answers with a bare 500 is told apart from a failing agent', async () => {
    const result = await runCli(['eval', '-f', oneCase('0c5d1f4e-2b3a-4c6d-8e9f-0a1b2c3d4e5f')], { env });
    expect(result.code).toBe(5);
  });

  it('3: a service that cannot be reached; the report and JUnit are written, every case not run with why', async () => {
    const junit = join(dir, 'unreachable.xml');
    const report = join(dir, 'unreachable.json');
    const result = await runCli(['eval', '-f', evals, '--junit', junit, '--report', report], {
      env: { ...env, AGENTS_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(result.code).toBe(3);
    const xml = readFileSync(junit, 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(6);
    expect(xml.match(/<skipped message="not run: could not connect to http:\/\/127\.0\.0\.1:9/g)).toHaveLength(6);
    const written = JSON.parse(readFileSync(report, 'utf8'));
    expect(written).toMatchObject({ passed: false, summary: { cases: 6, unfinished: 6 }, error: { exitCode: 3 } });
    expect(written.notRun).toHaveLength(6);
  });

  it('5: an agent missing stops the run before its first case, and the files still say so', async () => {
    const junit = join(dir, 'ghost.xml');
    const result = await runCli(['eval', '-f', oneCase('Ghost'), '--junit', junit], { env });
    expect(result.code).toBe(5);
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<testcase name="c"[^>]*>\s*<skipped message="not run: agent &quot;Ghost&quot; not found/,
    );
  });

  it('--junit is written with what ran, and a stopped run marks the rest as skipped', async () => {
    const report = join(dir, 'report.xml');
    const result = await runCli(['eval', '-f', evals, '--junit', report], { env });
    expect(result.code).toBe(1);
    const xml = readFileSync(report, 'utf8');
    expect(xml).toContain('<testsuite name="' + evals + '"');
    expect(xml.match(/<testcase /g)).toHaveLength(6);
    expect(xml).toContain(
      '<failure message="expected the answer to be exactly &quot;Hello! How can I help?&quot;" type="equals">',
    );
    expect(xml).toContain(
      '<error message="the agent failed: Error code: 500 - simulated model failure" type="stream">',
    );
  });
});
