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
  for (const notRun of report.notRun)
    lines.push(
      `${theme.warn('SKIP')}  ${escapeControls(notRun.name)}  ${theme.muted(escapeControls(`not run: ${notRun.why}`))}`,
    );
  const { passed, failed, unfinished, cases, durationMs } = report.summary;
  const rest = unfinished > 0 ? `, ${unfinished} not finished` : '';
  lines.push(
    `${passed} passed, ${failed} failed${rest} of ${cases} case${cases === 1 ? '' : 's'} in ${duration(durationMs)}`,
  );
  return lines;
}
