// What a failed case shows wherever a person reads a report (job summary, annotation, HTML):
// the check that failed and the answer it failed on, from the report as written.
import { duration } from '../invoke/timing.js';
import type { EvalReport, ReportCase } from './report.js';

export interface FailureView {
  /** "contains: expected the answer to contain …". */
  check: string;
  /** The answer of the turn that failed, as text (a structured answer as JSON). */
  answer: string;
}

export function failureView(reportCase: ReportCase): FailureView {
  const run = reportCase.runs.find((r) => !r.passed) ?? reportCase.runs[0];
  const turn = run?.turns.find((t) => t.checks.some((check) => !check.passed)) ?? run?.turns[0];
  const failed = turn?.checks.find((check) => !check.passed);
  const check = failed
    ? `${failed.kind}: ${failed.message ?? 'failed'}`
    : reportCase.failure
      ? `${reportCase.failure.type}: ${reportCase.failure.message}`
      : 'failed';
  const output = turn?.output;
  const answer = typeof output === 'string' ? output : output === undefined ? '' : JSON.stringify(output);
  return { check, answer };
}

/** The cases a person looks at first: regressions, then the other failures (known ones with a baseline). */
export function casesToShow(report: Pick<EvalReport, 'cases' | 'baseline'>): {
  regressions: Array<{ reportCase: ReportCase; why: string }>;
  failures: ReportCase[];
} {
  const why = new Map(report.baseline?.regressions.map((r) => [r.name, r.why]));
  return {
    regressions: report.cases.flatMap((c) => (why.has(c.name) ? [{ reportCase: c, why: why.get(c.name)! }] : [])),
    failures: report.cases.filter((c) => !c.passed && !why.has(c.name)),
  };
}

/** "4 passed, 2 failed of 6 cases in 3.2 s", with what was not run. */
export function totalsText(report: Pick<EvalReport, 'summary'>): string {
  const { cases, passed, failed, unfinished, durationMs } = report.summary;
  const rest = unfinished > 0 ? `, ${unfinished} not run` : '';
  return `${passed} passed, ${failed} failed${rest} of ${cases} case${cases === 1 ? '' : 's'} in ${duration(durationMs)}`;
}
