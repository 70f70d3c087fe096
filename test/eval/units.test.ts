// The small parts of eval: the stopwatch, the runner's scheduling and pass rates, the progress line.
import { describe, expect, it } from 'vitest';
import type { InvokeEvent } from '../../src/api/invoke.js';
import { CliError } from '../../src/errors.js';
import { startProgressLine } from '../../src/eval/progress.js';
import type { RunResult } from '../../src/eval/run-case.js';
import { runCases } from '../../src/eval/runner.js';
import type { EvalCase } from '../../src/eval/file-schema.js';
import { describeTiming, duration, startStopwatch } from '../../src/invoke/timing.js';
import { PLAIN_THEME } from '../../src/ui/color-support.js';

describe('the stopwatch', () => {
  it('times the first piece of answer (not a tool call) and the end, and counts characters', async () => {
    let clock = 1000;
    const stopwatch = startStopwatch(() => clock);
    async function* batches(): AsyncGenerator<InvokeEvent[]> {
      clock = 1100;
      yield [{ type: 'tool_call', name: 'f' }];
      clock = 1250;
      yield [
        { type: 'token', text: 'Hello' },
        { type: 'token', text: ', world' },
      ];
      clock = 1500;
      yield [{ type: 'value', value: { a: 1 } }];
      clock = 3000;
    }
    for await (const _batch of stopwatch.watch(batches())) clock += 0;
    expect(stopwatch.read()).toEqual({
      ttftMs: 250,
      totalMs: 2000,
      chars: 12 + 7,
      charsPerSecond: Math.round((19 * 1000) / 2000),
    });
  });

  it('an answer with no text has no first token and no rate', async () => {
    let clock = 0;
    const stopwatch = startStopwatch(() => clock);
    async function* none(): AsyncGenerator<InvokeEvent[]> {
      clock = 40;
      yield [{ type: 'error', message: 'boom' }];
    }
    for await (const _batch of stopwatch.watch(none())) clock += 0;
    expect(stopwatch.read()).toEqual({ ttftMs: null, totalMs: 40, chars: 0, charsPerSecond: null });
    expect(describeTiming(stopwatch.read())).toBe('no answer text · total 40 ms');
  });

  it('durations read as people say them', () => {
    expect([duration(0), duration(999.4), duration(1000), duration(1234), duration(12_345), duration(123_456)]).toEqual(
      ['0 ms', '999 ms', '1.00 s', '1.23 s', '12.3 s', '123 s'],
    );
    expect(describeTiming({ ttftMs: 312, totalMs: 1240, chars: 1000, charsPerSecond: 806 })).toBe(
      'first token 312 ms · total 1.24 s · 806 chars/s',
    );
  });
});

const evalCase = (name: string): EvalCase => ({
  name,
  agent: 'a',
  turns: [{ input: 'hi', checks: [] }],
  where: `f.yaml:${name}`,
  index: 0,
});
const result = (run: number, passed: boolean): RunResult => ({
  run,
  sessionId: `s${run}`,
  passed,
  durationMs: 1,
  turns: [],
});

describe('the runner', () => {
  it('never runs more than --concurrency at once, and runs every case --repeat times', async () => {
    let running = 0;
    let most = 0;
    const seen: string[] = [];
    const outcome = await runCases([evalCase('a'), evalCase('b'), evalCase('c')], {
      concurrency: 2,
      repeat: 3,
      threshold: 1,
      agentIdOf: () => 'id',
      async runOne(c, run) {
        most = Math.max(most, ++running);
        seen.push(`${c.name}${run}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return result(run, true);
      },
    });
    expect(most).toBe(2);
    expect(seen.sort()).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3']);
    expect(outcome.finished.map((r) => [r.evalCase.name, r.runs.map((x) => x.run), r.passRate, r.passed])).toEqual([
      ['a', [1, 2, 3], 1, true],
      ['b', [1, 2, 3], 1, true],
      ['c', [1, 2, 3], 1, true],
    ]);
  });

  it('a case passes when its pass rate reaches the threshold: 3 of 5 is 0.6, which 0.6 accepts and 0.61 does not', async () => {
    const rate = async (threshold: number) =>
      (
        await runCases([evalCase('x')], {
          concurrency: 1,
          repeat: 5,
          threshold,
          agentIdOf: () => 'id',
          runOne: async (_c, run) => result(run, run <= 3),
        })
      ).finished[0]!;
    expect([
      (await rate(0.6)).passRate,
      (await rate(0.6)).passed,
      (await rate(0.61)).passed,
      (await rate(0)).passed,
    ]).toEqual([0.6, true, false, true]);
  });

  it('a failure that stops the run starts nothing more and keeps the cases that finished', async () => {
    const started: string[] = [];
    const outcome = await runCases([evalCase('a'), evalCase('b'), evalCase('c')], {
      concurrency: 1,
      repeat: 1,
      threshold: 1,
      agentIdOf: () => 'id',
      async runOne(c, run) {
        started.push(c.name);
        if (c.name === 'b') throw new CliError('auth', 'token refused');
        return result(run, true);
      },
    });
    expect(started).toEqual(['a', 'b']);
    expect(outcome.finished.map((r) => r.evalCase.name)).toEqual(['a']);
    expect(outcome.stopped?.message).toBe('token refused');
  });

  it('an abort signal stops it as interrupted; an unexpected error is rethrown', async () => {
    const controller = new AbortController();
    const outcome = await runCases([evalCase('a'), evalCase('b')], {
      concurrency: 1,
      repeat: 1,
      threshold: 1,
      signal: controller.signal,
      agentIdOf: () => 'id',
      async runOne(_c, run) {
        controller.abort();
        return result(run, true);
      },
    });
    expect([outcome.finished.length, outcome.stopped?.kind]).toEqual([1, 'interrupted']);
    const bug = runCases([evalCase('a')], {
      concurrency: 1,
      repeat: 1,
      threshold: 1,
      agentIdOf: () => 'id',
      runOne: async () => Promise.reject(new TypeError('bug')),
    });
    await expect(bug).rejects.toThrow('bug');
  });
});

describe('the progress line', () => {
  it('redraws in place, only when it changes, and clears itself', () => {
    const written: string[] = [];
    let clock = 0;
    const line = startProgressLine(
      { write: (text: string) => written.push(text), columns: 80 },
      PLAIN_THEME,
      () => clock,
    );
    line.update({ passed: 1, failed: 0, running: 2, total: 5 });
    line.update({ passed: 1, failed: 0, running: 2, total: 5 });
    clock = 1500;
    line.update({ passed: 2, failed: 1, running: 1, total: 5 });
    line.stop();
    expect(written).toEqual([
      '\r\x1b[2K1 passed · 0 failed · 2 running · 1/5 · 0 ms',
      '\r\x1b[2K2 passed · 1 failed · 1 running · 3/5 · 1.50 s',
      '\r\x1b[2K',
    ]);
  });

  it('is cut to one character less than the width, so it never wraps; styles stay whole', () => {
    const written: string[] = [];
    const red = { ...PLAIN_THEME, error: (text: string) => `\x1b[31m${text}\x1b[39m` };
    const line = startProgressLine({ write: (text: string) => written.push(text), columns: 18 }, red, () => 0);
    line.update({ passed: 1, failed: 2, running: 0, total: 3 });
    line.stop();
    expect(written[0]).toBe('\r\x1b[2K1 passed · \x1b[31m2 fail\x1b[39m');
  });
});
