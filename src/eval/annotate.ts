// On GitHub Actions, each regressed or failing case is an annotation at its line in the eval file.
// With a baseline a known failure does not fail the job: it is a warning, not an error.
import type { Annotations } from '../ci/annotations.js';
import { oneLine } from '../api/response-errors.js';
import { casesToShow, failureView } from './case-view.js';
import type { EvalReport, ReportCase } from './report.js';

const EXCERPT = 200;

export function annotateCases(annotations: Annotations | undefined, report: EvalReport): void {
  if (!annotations) return;
  const { regressions, failures } = casesToShow(report);
  const message = (c: ReportCase, why?: string) => {
    const view = failureView(c);
    return [
      why ? `${why}: ${view.check}` : view.check,
      `agent: ${c.agent ?? '(none)'}`,
      `answer: ${oneLine(view.answer, EXCERPT) || '(empty)'}`,
    ].join('\n');
  };
  for (const { reportCase, why } of regressions)
    annotations.add('error', reportCase.where, `Regressed: ${oneLine(reportCase.name, 100)}`, message(reportCase, why));
  const known = report.baseline !== undefined;
  for (const reportCase of failures)
    annotations.add(
      known ? 'warning' : 'error',
      reportCase.where,
      `${known ? 'Still failing' : 'Failed'}: ${oneLine(reportCase.name, 100)}`,
      message(reportCase),
    );
  annotations.finish();
}
