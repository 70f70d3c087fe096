// A report read back from its file (merge): what a person reads, from the report alone.
import { duration } from '../invoke/timing.js';
import type { Theme } from '../ui/color-support.js';
import { escapeControls } from '../ui/safe-text.js';
import type { EvalReport } from './report.js';

/** Each failed case with why, the cases not run, the totals. */
export function reportLines(report: EvalReport, theme: Theme): string[] {
  const lines: string[] = [];
  for (const failed of report.cases.filter((c) => !c.passed)) {
    lines.push(
      `${theme.error('FAIL')}  ${escapeControls(failed.name)}`,
      ...(failed.failure?.details ?? '').split('\n').filter(Boolean).map(escapeControls),
      '',
    );
  }
  lines.push(...notRunLines(report.notRun, theme));
  const { passed, failed, unfinished, cases, durationMs } = report.summary;
  const rest = unfinished > 0 ? `, ${unfinished} not finished` : '';
  lines.push(
    `${passed} passed, ${failed} failed${rest} of ${cases} case${cases === 1 ? '' : 's'} in ${duration(durationMs)}`,
  );
  return lines;
}

/** Past this many, the cases not run are one line with their count: the report and JUnit list each. */
const NOT_RUN_LISTED = 10;

/** The cases the run stopped before: a line each with why, or one line when there are many (Ctrl-C in a big run). */
export function notRunLines(notRun: EvalReport['notRun'], theme: Theme): string[] {
  if (notRun.length <= NOT_RUN_LISTED)
    return notRun.map(
      ({ name, why }) =>
        `${theme.warn('SKIP')}  ${escapeControls(name)}  ${theme.muted(escapeControls(`not run: ${why}`))}`,
    );
  // The cases share the one failure that stopped the run.
  const why = escapeControls(notRun[0]!.why);
  return [
    `${theme.warn('SKIP')}  ${notRun.length} cases not run: ${why} ${theme.muted('(each is in --report and --junit)')}`,
  ];
}
