// A run judged against an earlier report: a pull request fails only when it made an agent worse.
// A regression is a case that passed in the baseline and fails now, one whose pass rate over
// --repeat dropped by more than the tolerance, or a new case that fails. A case that failed in the
// baseline and still fails is a known failure: reported, not counted against the run.
import type { BaselineVerdict, EvalReport } from './report.js';

type Comparable = Pick<EvalReport, 'cases'>;

export function compareWithBaseline(
  current: Comparable,
  baseline: Comparable,
  file: string,
  tolerance: number,
): BaselineVerdict {
  const before = new Map(baseline.cases.map((c) => [c.name, c]));
  const verdict: BaselineVerdict = { file, tolerance, regressions: [], fixed: [], knownFailures: [] };
  for (const now of current.cases) {
    const then = before.get(now.name);
    if (!then) {
      if (!now.passed) verdict.regressions.push({ name: now.name, why: 'a new case that fails' });
    } else if (then.passed && !now.passed) {
      verdict.regressions.push({ name: now.name, why: 'passed in the baseline, fails now' });
    } else if (then.passRate - now.passRate > tolerance + 1e-9) {
      verdict.regressions.push({
        name: now.name,
        why: `pass rate ${percent(then.passRate)} → ${percent(now.passRate)}, more than the ${percent(tolerance)} allowed`,
      });
    } else if (!then.passed && now.passed) {
      verdict.fixed.push(now.name);
    } else if (!then.passed && !now.passed) {
      verdict.knownFailures.push(now.name);
    }
  }
  return verdict;
}

/** The lines a person reads under the totals. */
export function baselineLines(verdict: BaselineVerdict): string[] {
  const list = (title: string, names: string[]) =>
    names.length ? [`${title} (${names.length}):`, ...names.map((name) => `  ${name}`)] : [];
  return [
    `Against the baseline ${verdict.file}: ${verdict.regressions.length} regression${verdict.regressions.length === 1 ? '' : 's'}, ${verdict.fixed.length} fixed, ${verdict.knownFailures.length} still failing`,
    ...list(
      'Regressions',
      verdict.regressions.map((r) => `${r.name}: ${r.why}`),
    ),
    ...list('Fixed (now passes)', verdict.fixed),
    ...list('Still failing, as in the baseline', verdict.knownFailures),
  ];
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
