import { normalize } from 'node:path';
import { compareReports, compareTable } from '../../../eval/compare.js';
import { readReport } from '../../../eval/report-file.js';
import { compareSummary } from '../../../eval/summary.js';
import { appendSummary } from '../../summary-flag.js';
import type { RunOf } from '../../command.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async ({ before: beforePath, after: afterPath, all, summary }, ctx) => {
  const before = await readReport(beforePath, 'compare', ctx.io.stdin);
  const after = await readReport(afterPath, 'compare', ctx.io.stdin);
  if (normalize(before.file) !== normalize(after.file))
    ctx.io.logger.warn(
      `${beforePath} ran ${before.file} and ${afterPath} ran ${after.file}: different eval files, compared by case name`,
    );
  const rows = compareReports(before, after).filter((row) => all || row.changed);
  appendSummary(summary, () => compareSummary(beforePath, afterPath, rows), ctx.env);
  await ctx.out.result(
    { before: beforePath, after: afterPath, cases: rows },
    {
      human: () => {
        if (rows.length > 0) return compareTable(rows, ctx.out.theme, ctx.out.columns);
        ctx.io.logger.info('No case changed its verdict or pass rate (--all shows every case).');
      },
    },
  );
};
