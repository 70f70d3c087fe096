import { CliError, ExitCode, ExitWithCode } from '../../../errors.js';
import { judgeAgainstBaseline, readBaseline } from '../../../eval/baseline-file.js';
import { readReport } from '../../../eval/report-file.js';
import { writeReportFiles } from '../run.js';
import type { RunOf } from '../../command.js';
import { plural } from '../../../util/plural.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  if (options.html === undefined && options.summary === undefined)
    throw new CliError('usage', 'nothing to write: give --html FILE, --summary FILE, or both');
  const baseline = await readBaseline(options, ctx.io.stdin);
  const report = await readReport(options.run, 'report', ctx.io.stdin);
  if (baseline) judgeAgainstBaseline(report, baseline, options.tolerance, (message) => ctx.io.logger.warn(message));
  writeReportFiles(report, { html: options.html, summary: options.summary }, ctx.env, 'agents eval report');
  await ctx.out.result(report, {
    human: () => {
      if (options.html !== undefined)
        ctx.io.logger.info(`Wrote ${options.html} (${plural(report.cases.length, 'case')}): open it in a browser.`);
    },
  });
  // A view gates only what it shows judged: regressions (a failure that was known is no reason).
  if ((report.baseline?.regressions.length ?? 0) > 0) throw new ExitWithCode(ExitCode.failure);
};
