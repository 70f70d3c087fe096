// `agents eval compare A B`: per case, the verdict and pass rate before and after, and how the
// median time to first token and total time moved. A view: it always exits 0.
import type { Theme } from '../ui/color-support.js';
import { escapeControls } from '../ui/safe-text.js';
import { renderTable } from '../ui/table.js';
import type { EvalReport, ReportCase } from './report.js';
import { caseTimes } from './case-times.js';

interface CaseFigures {
  passed: boolean;
  passRate: number;
  ttftMs: number | null;
  totalMs: number | null;
}

export interface ComparedCase {
  name: string;
  before: CaseFigures | null;
  after: CaseFigures | null;
  /** after minus before, in ms; null when either side has no figure. */
  ttftChangeMs: number | null;
  totalChangeMs: number | null;
  /** The verdict or pass rate moved, or the case is on one side only. */
  changed: boolean;
}

export function compareReports(before: Pick<EvalReport, 'cases'>, after: Pick<EvalReport, 'cases'>): ComparedCase[] {
  const old = new Map(before.cases.map((c) => [c.name, c]));
  const names = [
    ...after.cases.map((c) => c.name),
    ...before.cases.map((c) => c.name).filter((name) => !after.cases.some((c) => c.name === name)),
  ];
  const fresh = new Map(after.cases.map((c) => [c.name, c]));
  return names.map((name) => {
    const a = figures(old.get(name));
    const b = figures(fresh.get(name));
    const change = (key: 'ttftMs' | 'totalMs') => (a?.[key] != null && b?.[key] != null ? b[key] - a[key] : null);
    return {
      name,
      before: a,
      after: b,
      ttftChangeMs: change('ttftMs'),
      totalChangeMs: change('totalMs'),
      changed: !a || !b || a.passed !== b.passed || Math.abs(a.passRate - b.passRate) > 1e-9,
    };
  });
}

function figures(reportCase: ReportCase | undefined): CaseFigures | null {
  if (!reportCase) return null;
  return { passed: reportCase.passed, passRate: reportCase.passRate, ...caseTimes(reportCase) };
}

/** A side of a comparison: "PASS 100%", or "-" when the case is not in that report. */
export const verdictText = (f: CaseFigures | null) =>
  f ? `${f.passed ? 'PASS' : 'FAIL'} ${Math.round(f.passRate * 100)}%` : '-';

/** A change of time: "+12 ms", "-3 ms", or "-" when either side has none. */
export const changeText = (value: number | null) => (value === null ? '-' : `${value > 0 ? '+' : ''}${value} ms`);

export function compareTable(rows: ComparedCase[], theme: Theme, width?: number): Promise<string> {
  return renderTable(
    ['CASE', 'BEFORE', 'AFTER', 'FIRST TOKEN', 'TOTAL'],
    rows.map((row) => [
      escapeControls(row.name),
      verdictText(row.before),
      verdictText(row.after),
      changeText(row.ttftChangeMs),
      changeText(row.totalChangeMs),
    ]),
    // The verdicts are the point: a long case name is what gives way.
    { theme, width, cutFirst: true },
  );
}
