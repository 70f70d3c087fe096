// The Markdown job summary of an eval run (eval and eval merge) and of a comparison: the totals,
// regressions first, then failures, each with its case, agent, the check that failed and a short
// excerpt of the answer. Every text from the eval file or the service goes through markdownText.
import { markdownTable, markdownText as md } from '../ci/markdown.js';
import { changeText, verdictText, type ComparedCase } from './compare.js';
import { casesToShow, failureView, totalsText } from './case-view.js';
import type { EvalReport, ReportCase } from './report.js';

/** Rows a table shows before "…and N more". */
const ROWS = 50;
const EXCERPT = 160;

export function evalSummary(report: EvalReport, command: string): string {
  const { regressions, failures } = casesToShow(report);
  const baseline = report.baseline;
  const ok = report.passed || (baseline !== undefined && regressions.length === 0 && !report.error);
  const lines = [
    `### ${ok ? '✅' : '❌'} ${command}: ${md(report.file, 80)}`,
    '',
    `**${totalsText(report)}**${report.shard ? ` (shard ${report.shard.index}/${report.shard.count})` : ''}`,
  ];
  if (baseline) {
    lines.push(
      '',
      `Against the baseline ${md(baseline.file, 80)}: **${baseline.regressions.length} regressed**, ${baseline.fixed.length} fixed, ${baseline.knownFailures.length} still failing.`,
    );
  }
  if (report.error) lines.push('', `The run stopped: ${md(report.error.message)}`);
  const row = (c: ReportCase, why?: string) => {
    const view = failureView(c);
    return [
      md(c.name, 80),
      md(c.agent ?? '', 40),
      md(why ? `${why}; ${view.check}` : view.check, EXCERPT),
      md(view.answer, EXCERPT),
    ];
  };
  const headers = ['Case', 'Agent', 'Check', 'Answer'];
  if (regressions.length > 0) {
    lines.push('', `#### Regressions (${regressions.length})`, '');
    lines.push(
      ...markdownTable(
        headers,
        regressions.map((r) => row(r.reportCase, r.why)),
        ROWS,
        'regressions',
      ),
    );
  }
  if (failures.length > 0) {
    lines.push('', `#### ${baseline ? 'Still failing, as in the baseline' : 'Failures'} (${failures.length})`, '');
    lines.push(
      ...markdownTable(
        headers,
        failures.map((c) => row(c)),
        ROWS,
        'failures',
      ),
    );
  }
  if (baseline && baseline.fixed.length > 0)
    lines.push('', `#### Fixed (${baseline.fixed.length})`, '', ...listed(baseline.fixed));
  if (report.notRun.length > 0) {
    lines.push('', `#### Not run (${report.notRun.length})`, '');
    lines.push(
      ...markdownTable(
        ['Case', 'Why'],
        report.notRun.map((n) => [md(n.name, 80), md(n.why)]),
        ROWS,
        'cases not run',
      ),
    );
  }
  return lines.join('\n');
}

export function compareSummary(before: string, after: string, rows: ComparedCase[]): string {
  const changed = rows.filter((row) => row.changed).length;
  const lines = [
    `### agents eval compare: ${md(before, 80)} → ${md(after, 80)}`,
    '',
    `**${changed} of ${rows.length} cases shown changed their verdict or pass rate.**`,
  ];
  if (rows.length > 0) {
    lines.push('');
    lines.push(
      ...markdownTable(
        ['Case', 'Before', 'After', 'First token', 'Total'],
        rows.map((row) => [
          md(row.name, 80),
          verdictText(row.before),
          verdictText(row.after),
          changeText(row.ttftChangeMs),
          changeText(row.totalChangeMs),
        ]),
        ROWS,
        'cases',
      ),
    );
  }
  return lines.join('\n');
}

function listed(names: string[]): string[] {
  const shown = names.slice(0, ROWS).map((name) => `- ${md(name, 80)}`);
  return names.length > ROWS ? [...shown, `- _…and ${names.length - ROWS} more_`] : shown;
}
