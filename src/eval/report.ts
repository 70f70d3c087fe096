// The machine-readable forms: the report (the --json document and the --report file, which
// --baseline, merge and compare read) and the --events lines.
import { errorFields, ExitCode, type ExitCodeValue } from '../errors.js';
import { PLAIN_THEME } from '../ui/color-support.js';
import { VERSION } from '../version.js';
import { toolCallJson } from '../invoke/answer-printer.js';
import type { Timing } from '../invoke/timing.js';
import type { RunResult } from './run-case.js';
import { tally, unfinishedCases, type CaseResult, type EvalOutcome } from './runner.js';
import type { EvalCase } from './file-schema.js';
import { failureDetails, runFigures } from './report-text.js';

export interface EvalSettings {
  file: string;
  repeat: number;
  threshold: number;
  concurrency: number;
}

import { REPORT_FORMAT } from './report-schema.js';

export { REPORT_FORMAT };

/** A run judged against an earlier report (baseline.ts). */
export interface BaselineVerdict {
  /** The baseline's file, as given. */
  file: string;
  tolerance: number;
  regressions: Array<{ name: string; why: string }>;
  /** Failing in the baseline, passing now. */
  fixed: string[];
  /** Failing in both. */
  knownFailures: string[];
}

/** What a run was, beside its results: what baselines, shards and merges check. */
export interface RunIdentity {
  /** sha256 of the eval file's bytes: reports of different files are never merged. */
  fileHash: string;
  startedAt: Date;
  filter?: string;
  shard?: Shard;
  /** Each agent reference of the run (cases and judges) and the id it named. */
  agents: Map<string, string>;
}

export interface Shard {
  index: number;
  count: number;
}

/** Why a failed case failed, as JUnit says it: an error (the agent failed to answer) or a failure. */
interface CaseFailure {
  element: 'failure' | 'error';
  type: string;
  message: string;
  details: string;
}

/** The report: the --json document, the --report file, what merge, compare and --baseline read. */
export type EvalReport = ReturnType<typeof evalReport> & { baseline?: BaselineVerdict };
export type ReportCase = EvalReport['cases'][number];

/** Every case, run, turn and check, with the timings; `error` when the run stopped early. */
export function evalReport(
  settings: EvalSettings,
  identity: RunIdentity,
  outcome: EvalOutcome,
  cases: readonly EvalCase[],
) {
  const total = cases.length;
  const summary = tally(outcome, total);
  const indexOf = (evalCase: EvalCase) => evalCase.index;
  return {
    format: REPORT_FORMAT,
    cliVersion: VERSION,
    file: settings.file,
    fileHash: identity.fileHash,
    startedAt: identity.startedAt.toISOString(),
    filter: identity.filter ?? null,
    shard: identity.shard ?? null,
    passed: !outcome.stopped && summary.passed === total,
    summary,
    settings: { repeat: settings.repeat, threshold: settings.threshold, concurrency: settings.concurrency },
    agents: [...identity.agents].map(([reference, id]) => ({ reference, id })),
    cases: outcome.finished.map((result) => caseJson(result, settings)),
    // The cases the run stopped before, each with why.
    notRun: unfinishedCases(cases, outcome).map((evalCase) => ({
      name: evalCase.name,
      index: indexOf(evalCase),
      where: evalCase.where,
      why: outcome.stopped ? outcome.stopped.message : 'not run',
    })),
    ...(outcome.stopped && { error: errorFields(outcome.stopped) }),
  };
}

function caseJson(result: CaseResult, settings: EvalSettings) {
  return {
    name: result.evalCase.name,
    index: result.evalCase.index,
    where: result.evalCase.where,
    agent: result.evalCase.agent,
    agentId: result.agentId,
    passed: result.passed,
    passRate: result.passRate,
    durationMs: result.runs.reduce((sum, run) => sum + run.durationMs, 0),
    failure: result.passed ? null : caseFailure(result, settings),
    runs: result.runs.map(runJson),
  };
}

function runJson(run: RunResult) {
  return {
    run: run.run,
    sessionId: run.sessionId,
    passed: run.passed,
    timing: runFigures(run),
    turns: run.turns.map((turn) => ({
      input: turn.input,
      output: turn.answer.value !== undefined ? turn.answer.value : turn.answer.text,
      toolCalls: turn.answer.toolCalls.map(toolCallJson),
      error: turn.answer.error ?? null,
      timing: turn.answer.timing,
      checks: turn.verdicts.map(({ kind, expected, passed, message, reason }) => ({
        kind,
        expected,
        passed,
        message: message ?? null,
        reason: reason ?? null,
      })),
    })),
  };
}

/** The agent failing to answer is an error; an answer that fails a check is a failure. */
function caseFailure(result: CaseResult, settings: EvalSettings): CaseFailure {
  const details = failureDetails(result, settings.repeat, settings.threshold, PLAIN_THEME).slice(1).join('\n');
  const failedRun = result.runs.find((run) => !run.passed)!;
  const verdicts = failedRun.turns.flatMap((turn) =>
    turn.verdicts.filter((v) => !v.passed).map((v) => ({ v, error: turn.answer.error })),
  );
  const first = verdicts[0];
  const errored = verdicts.find(({ v }) => v.kind === 'no-error');
  return {
    element: errored ? 'error' : 'failure',
    type: errored ? (errored.error?.kind ?? 'error') : (first?.v.kind ?? 'failure'),
    message: (errored ?? first)?.v.message ?? 'failed',
    details,
  };
}

/** The exit code a report stands for: its error's; with a baseline, 1 only for regressions; else 1 when a case failed. */
export function reportExitCode(
  report: Pick<EvalReport, 'error' | 'summary'> & { baseline?: { regressions: unknown[] } },
): ExitCodeValue {
  if (report.error) return report.error.exitCode as ExitCodeValue;
  if (report.baseline) return report.baseline.regressions.length > 0 ? ExitCode.failure : ExitCode.ok;
  return report.summary.failed > 0 ? ExitCode.failure : ExitCode.ok;
}

/** The --events lines, one JSON object each, as cases start and finish. */
export const evalEvents = {
  start: (name: string, run: number) => ({ type: 'case_start', case: name, run }),
  timing: (name: string, run: number, turn: number, timing: Timing) => ({
    type: 'timing',
    case: name,
    run,
    turn,
    ...timing,
  }),
  end: (name: string, run: RunResult) => ({
    type: 'case_end',
    case: name,
    run: run.run,
    passed: run.passed,
    durationMs: run.durationMs,
    failures: run.turns.flatMap((turn, i) =>
      turn.verdicts.filter((v) => !v.passed).map((v) => ({ turn: i + 1, kind: v.kind, message: v.message ?? null })),
    ),
  }),
  summary: (outcome: EvalOutcome, total: number) => {
    const { cases, passed, failed, durationMs } = tally(outcome, total);
    return {
      type: 'summary',
      cases,
      passed,
      failed,
      durationMs,
      ...(outcome.stopped && { error: errorFields(outcome.stopped) }),
    };
  },
};
