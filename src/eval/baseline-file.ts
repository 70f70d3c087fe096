// --baseline FILE and --baseline-missing: the earlier report a run is judged against, and what a
// first run does when there is none yet (a pipeline's first run has nothing to compare with).
import { stat } from 'node:fs/promises';
import type { InputStream } from '../deps.js';
import { CliError } from '../errors.js';
import { compareWithBaseline } from './baseline.js';
import type { EvalReport } from './report.js';
import { readReport } from './report-file.js';

export interface BaselineOptions {
  baseline?: string;
  baselineMissing: 'fail' | 'ok';
  tolerance: number;
}

/** The baseline as read before any request: its report, or none when it may be missing and is. */
export interface Baseline {
  path: string;
  report: EvalReport | undefined;
}

export async function readBaseline(options: BaselineOptions, stdin: InputStream): Promise<Baseline | undefined> {
  const path = options.baseline;
  if (path === undefined) return undefined;
  const missing = path !== '-' && (await stat(path).catch((error: NodeJS.ErrnoException) => error.code)) === 'ENOENT';
  if (!missing) return { path, report: await readReport(path, '--baseline', stdin) };
  if (options.baselineMissing === 'ok') return { path, report: undefined };
  throw new CliError('usage', `cannot read --baseline ${path}: no such file`, {
    hint: "A first run has no baseline yet: add --baseline-missing ok to start one (nothing counts as a regression), and keep this run's --report as the next run's baseline.",
  });
}

/** The report judged against the baseline; with none yet, against itself: nothing regresses, failures are known ones. */
export function judgeAgainstBaseline(
  report: EvalReport,
  baseline: Baseline,
  tolerance: number,
  warn: (message: string) => void,
): void {
  if (!baseline.report)
    warn(
      `--baseline ${baseline.path} does not exist yet: this run starts it (failures are reported, none is a regression)`,
    );
  report.baseline = compareWithBaseline(report, baseline.report ?? report, baseline.path, tolerance);
}
