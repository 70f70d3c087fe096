// The machine-readable forms: the --json document and the --events lines.
import { errorFields } from '../errors.js';
import { toolCallJson } from '../invoke/answer-printer.js';
import type { Timing } from '../invoke/timing.js';
import type { RunResult } from './run-case.js';
import { tally, unfinishedCases, type CaseResult, type EvalOutcome } from './runner.js';
import type { EvalCase } from './spec.js';
import { runFigures } from './report-text.js';

export interface EvalSettings {
  file: string;
  repeat: number;
  threshold: number;
  concurrency: number;
}

/** Every case, run, turn and check, with the timings; `error` when the run stopped early. */
export function evalDocument(settings: EvalSettings, outcome: EvalOutcome, cases: readonly EvalCase[]) {
  const total = cases.length;
  const summary = tally(outcome, total);
  return {
    file: settings.file,
    passed: !outcome.stopped && summary.passed === total,
    summary,
    settings: { repeat: settings.repeat, threshold: settings.threshold, concurrency: settings.concurrency },
    cases: outcome.finished.map(caseJson),
    // The cases the run stopped before, each with why.
    notRun: unfinishedCases(cases, outcome).map((evalCase) => ({
      name: evalCase.name,
      where: evalCase.where,
      why: outcome.stopped ? outcome.stopped.message : 'not run',
    })),
    ...(outcome.stopped && { error: errorFields(outcome.stopped) }),
  };
}

function caseJson(result: CaseResult) {
  return {
    name: result.evalCase.name,
    where: result.evalCase.where,
    agent: result.evalCase.agent,
    agentId: result.agentId,
    passed: result.passed,
    passRate: result.passRate,
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
      checks: turn.verdicts.map(({ kind, expected, passed, message }) => ({ kind, expected, passed, message: message ?? null })),
    })),
  };
}

/** The --events lines, one JSON object each, as cases start and finish. */
export const evalEvents = {
  start: (name: string, run: number) => ({ type: 'case_start', case: name, run }),
  timing: (name: string, run: number, turn: number, timing: Timing) => ({ type: 'timing', case: name, run, turn, ...timing }),
  end: (name: string, run: RunResult) => ({
    type: 'case_end',
    case: name,
    run: run.run,
    passed: run.passed,
    durationMs: run.durationMs,
    failures: run.turns.flatMap((turn, i) => turn.verdicts.filter((v) => !v.passed).map((v) => ({ turn: i + 1, kind: v.kind, message: v.message ?? null }))),
  }),
  summary: (outcome: EvalOutcome, total: number) => {
    const { cases, passed, failed, durationMs } = tally(outcome, total);
    return { type: 'summary', cases, passed, failed, durationMs, ...(outcome.stopped && { error: errorFields(outcome.stopped) }) };
  },
};
