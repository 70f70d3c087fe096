import { ExitCode, ExitWithCode } from '../../../errors.js';
import { baselineLines } from '../../../eval/baseline.js';
import { judgeAgainstBaseline, readBaseline } from '../../../eval/baseline-file.js';
import { mergeReports } from '../../../eval/merge.js';
import { reportExitCode, type EvalReport } from '../../../eval/report.js';
import { readReport } from '../../../eval/report-file.js';
import { reportLines } from '../../../eval/report-lines.js';
import { escapeControls } from '../../../ui/safe-text.js';
import { writeReportFiles } from '../run.js';
import { annotateCases } from '../../../eval/annotate.js';
import type { RunOf } from '../../command.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const paths = options.reports;
  const baseline = await readBaseline(options, ctx.io.stdin);
  const reports = [];
  for (const path of paths) reports.push({ path, report: await readReport(path, 'merge', ctx.io.stdin) });
  const merged: EvalReport = mergeReports(reports);
  if (baseline) judgeAgainstBaseline(merged, baseline, options.tolerance, (message) => ctx.io.logger.warn(message));
  writeReportFiles(merged, options, ctx.env, 'agents eval merge');
  annotateCases(ctx.annotations, merged);
  await ctx.out.result(merged, {
    human: () =>
      [
        ...reportLines(merged, ctx.out.theme),
        ...(merged.baseline ? baselineLines(merged.baseline).map(escapeControls) : []),
      ].join('\n'),
    quiet: () => (merged.baseline ? baselineLines(merged.baseline).map(escapeControls) : undefined),
  });
  const code = reportExitCode(merged);
  if (code !== ExitCode.ok) throw new ExitWithCode(code);
};
