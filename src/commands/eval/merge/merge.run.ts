import * as z from 'zod/mini';
import type { Context } from '../../../context.js';
import { ExitCode, ExitWithCode } from '../../../errors.js';
import { baselineLines, compareWithBaseline } from '../../../eval/baseline.js';
import { mergeReports } from '../../../eval/merge.js';
import { reportExitCode, type EvalReport } from '../../../eval/report.js';
import { readReport } from '../../../eval/report-file.js';
import { reportLines } from '../../../eval/report-lines.js';
import { escapeControls } from '../../../ui/safe-text.js';
import { writeReportFiles } from '../eval.run.js';
import { checkOutputPath } from '../../../io/write-file.js';
import { aPath, numberBetween, someWords } from '../../option-schemas.js';

export const optionsSchema = z.object({
  report: aPath('--report'),
  junit: aPath('--junit'),
  baseline: aPath('--baseline'),
  tolerance: numberBetween('--tolerance', 0, 1),
});
export const argumentsSchema = z.tuple([someWords()]);

export async function run(
  ctx: Context,
  args: z.infer<typeof argumentsSchema>,
  options: z.infer<typeof optionsSchema>,
): Promise<void> {
  for (const [flag, path] of [
    ['--junit', options.junit],
    ['--report', options.report],
  ] as const)
    if (path !== undefined) checkOutputPath(path, flag);
  const paths = args[0];
  const reports = [];
  for (const path of paths) reports.push({ path, report: await readReport(path, 'merge', ctx.io.stdin) });
  const merged: EvalReport = mergeReports(reports);
  if (options.baseline !== undefined) {
    merged.baseline = compareWithBaseline(
      merged,
      await readReport(options.baseline, '--baseline', ctx.io.stdin),
      options.baseline,
      options.tolerance,
    );
  }
  writeReportFiles(merged, options);
  if (ctx.io.json) ctx.io.printJson(merged);
  else if (!ctx.io.quiet) ctx.io.print(reportLines(merged, ctx.io.stdoutTheme).join('\n'));
  if (merged.baseline && !ctx.io.json) ctx.io.print(baselineLines(merged.baseline).map(escapeControls).join('\n'));
  const code = reportExitCode(merged);
  if (code !== ExitCode.ok) throw new ExitWithCode(code);
}
