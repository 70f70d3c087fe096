// Runs every case --repeat times, at most --concurrency at once, and decides each case by its pass
// rate. A failure that stops the run (Ctrl-C, a rejected token, an unreachable service) lets the
// runs already under way end, starts no more, and keeps what finished.
import { CliError, interrupted } from '../errors.js';
import type { RunResult } from './run-case.js';
import type { EvalCase } from './file-schema.js';
import { monotonicMs } from '../util/monotonic.js';

export interface CaseResult {
  evalCase: EvalCase;
  agentId: string;
  runs: RunResult[];
  /** Passed runs over all runs, 0 to 1. */
  passRate: number;
  passed: boolean;
}

export interface EvalListener {
  runStarted?(evalCase: EvalCase, run: number): void;
  runFinished?(evalCase: EvalCase, result: RunResult): void;
  caseFinished?(result: CaseResult): void;
}

export interface RunnerOptions {
  concurrency: number;
  repeat: number;
  threshold: number;
  signal?: AbortSignal;
  listener?: EvalListener;
  agentIdOf(evalCase: EvalCase): string;
  runOne(evalCase: EvalCase, run: number): Promise<RunResult>;
}

export interface EvalOutcome {
  /** The cases whose runs all finished, in the file's order. */
  finished: CaseResult[];
  /** What stopped the run early, if something did. */
  stopped?: CliError;
  durationMs: number;
}

export async function runCases(cases: readonly EvalCase[], options: RunnerOptions): Promise<EvalOutcome> {
  const started = monotonicMs();
  const jobs = cases.flatMap((evalCase) =>
    Array.from({ length: options.repeat }, (_v, i) => ({ evalCase, run: i + 1 })),
  );
  const runsOf = new Map<EvalCase, RunResult[]>(cases.map((evalCase) => [evalCase, []]));
  const finished = new Map<EvalCase, CaseResult>();
  let stopped: CliError | undefined;
  let unexpected: { error: unknown } | undefined;
  let next = 0;

  const worker = async () => {
    while (next < jobs.length && !stopped && !unexpected && !options.signal?.aborted) {
      const { evalCase, run } = jobs[next++]!;
      options.listener?.runStarted?.(evalCase, run);
      let result: RunResult;
      try {
        result = await options.runOne(evalCase, run);
      } catch (error) {
        if (error instanceof CliError) stopped ??= error;
        else unexpected ??= { error };
        continue;
      }
      options.listener?.runFinished?.(evalCase, result);
      const runs = runsOf.get(evalCase)!;
      runs.push(result);
      if (runs.length === options.repeat) {
        const caseResult = decide(evalCase, options.agentIdOf(evalCase), runs, options.threshold);
        finished.set(evalCase, caseResult);
        options.listener?.caseFinished?.(caseResult);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, jobs.length)) }, worker));
  if (unexpected) throw unexpected.error;
  if (!stopped && options.signal?.aborted) stopped = interrupted();
  return {
    finished: cases.flatMap((evalCase) => finished.get(evalCase) ?? []),
    ...(stopped && { stopped }),
    durationMs: Math.round(monotonicMs() - started),
  };
}

/** The cases that did not finish because the run stopped, in the file's order. */
export function unfinishedCases(cases: readonly EvalCase[], outcome: EvalOutcome): EvalCase[] {
  const done = new Set(outcome.finished.map((result) => result.evalCase));
  return cases.filter((evalCase) => !done.has(evalCase));
}

/** How many cases passed, failed and did not finish, of `total`. */
export function tally(
  outcome: EvalOutcome,
  total: number,
): { cases: number; passed: number; failed: number; unfinished: number; durationMs: number } {
  const passed = outcome.finished.filter((result) => result.passed).length;
  return {
    cases: total,
    passed,
    failed: outcome.finished.length - passed,
    unfinished: total - outcome.finished.length,
    durationMs: outcome.durationMs,
  };
}

function decide(evalCase: EvalCase, agentId: string, runs: RunResult[], threshold: number): CaseResult {
  const ordered = [...runs].sort((a, b) => a.run - b.run);
  const passRate = ordered.filter((run) => run.passed).length / ordered.length;
  // A small tolerance: 0.6 of 5 runs is 3/5, which floating point makes 0.6000000000000001.
  return { evalCase, agentId, runs: ordered, passRate, passed: passRate + 1e-9 >= threshold };
}
