// What people read: a line per finished case, why each failed case failed (one screen), a table.
import { oneLine } from '../api/response-errors.js';
import { charsPerSecond, duration, type Timing } from '../invoke/timing.js';
import type { Theme } from '../ui/color-support.js';
import { escapeControls } from '../ui/safe-text.js';
import { renderTable } from '../ui/table.js';
import type { RunResult } from './run-case.js';
import { tally, type CaseResult, type EvalOutcome } from './runner.js';
import { median } from './case-times.js';

/** How much of an answer a failure shows. */
const ANSWER_EXCERPT = 240;

export function caseLine(result: CaseResult, repeat: number, theme: Theme): string {
  const verdict = result.passed ? theme.success('PASS') : theme.error('FAIL');
  const runs = repeat > 1 ? `  ${passedRuns(result)}/${result.runs.length} runs` : '';
  return `${verdict}  ${escapeControls(result.evalCase.name)}${runs}  ${theme.muted(duration(median(result.runs.map((run) => run.durationMs))))}`;
}

/** Why a case failed: its first failing run's failed checks, each turn's answer, and the pass rate. */
export function failureDetails(result: CaseResult, repeat: number, threshold: number, theme: Theme): string[] {
  const run = result.runs.find((r) => !r.passed);
  if (!run) return [];
  const lines = [
    `${theme.error('FAIL')}  ${escapeControls(result.evalCase.name)}`,
    theme.muted(`  at ${result.evalCase.where}, agent ${escapeControls(result.evalCase.agent)}`),
  ];
  if (repeat > 1) {
    lines.push(
      `  passed ${passedRuns(result)} of ${result.runs.length} runs (${percent(result.passRate)}), needs ${percent(threshold)}; run ${run.run} failed:`,
    );
  }
  const many = run.turns.length > 1;
  for (const [index, turn] of run.turns.entries()) {
    const failed = turn.verdicts.filter((verdict) => !verdict.passed);
    if (failed.length === 0) continue;
    const prefix = many ? `turn ${index + 1}, ` : '';
    for (const verdict of failed)
      lines.push(`  ${prefix}${verdict.kind}: ${escapeControls(verdict.message ?? 'failed')}`);
    const { answer } = turn;
    lines.push(
      `    ${theme.muted('answer:')} ${answer.text === '' ? theme.muted('(empty)') : escapeControls(oneLine(answer.text, ANSWER_EXCERPT))}`,
    );
    if (answer.error && !failed.some((verdict) => verdict.kind === 'no-error'))
      lines.push(`    ${theme.muted('error:')} ${escapeControls(answer.error.message)}`);
  }
  return lines;
}

export function summaryTable(results: CaseResult[], repeat: number, theme: Theme, width?: number): Promise<string> {
  const headers = ['RESULT', 'CASE', ...(repeat > 1 ? ['RUNS'] : []), 'FIRST TOKEN', 'TOTAL', 'CHARS/S'];
  const rows = results.map((result) => {
    const figures = result.runs.map(runFigures);
    const ttfts = figures.flatMap((f) => (f.ttftMs === null ? [] : [f.ttftMs]));
    const rates = figures.flatMap((f) => (f.charsPerSecond === null ? [] : [f.charsPerSecond]));
    return [
      result.passed ? 'PASS' : 'FAIL',
      result.evalCase.name,
      ...(repeat > 1 ? [`${passedRuns(result)}/${result.runs.length}`] : []),
      ttfts.length > 0 ? duration(median(ttfts)) : '-',
      duration(median(result.runs.map((run) => run.durationMs))),
      rates.length > 0 ? String(median(rates)) : '-',
    ];
  });
  return renderTable(headers, rows, { theme, width });
}

export function totalsLine(outcome: EvalOutcome, total: number): string {
  const { passed, failed, unfinished } = tally(outcome, total);
  const rest = unfinished > 0 ? `, ${unfinished} not finished` : '';
  return `${passed} passed, ${failed} failed${rest} of ${total} case${total === 1 ? '' : 's'} in ${duration(outcome.durationMs)}`;
}

/** A run's figures over all its turns: the first turn's first token, the whole time, the overall rate. */
export function runFigures(run: RunResult): Timing {
  const timings = run.turns.map((turn) => turn.answer.timing);
  const chars = timings.reduce((sum, t) => sum + t.chars, 0);
  const answering = timings.reduce((sum, t) => sum + t.totalMs, 0);
  return {
    ttftMs: timings[0]?.ttftMs ?? null,
    totalMs: run.durationMs,
    chars,
    charsPerSecond: charsPerSecond(chars, answering),
  };
}

function passedRuns(result: CaseResult): number {
  return result.runs.filter((run) => run.passed).length;
}

function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}
