import * as z from 'zod/mini';
import type { Context } from '../context.js';
import { compareReports, compareTable } from '../eval/compare.js';
import { readReport } from '../eval/report-file.js';
import { aSwitch } from './option-schemas.js';

export const optionsSchema = z.object({ all: aSwitch() });

export async function run(ctx: Context, args: unknown[], options: z.infer<typeof optionsSchema>): Promise<void> {
  const [beforePath, afterPath] = args as [string, string];
  const before = await readReport(beforePath, 'compare', ctx.deps.stdin);
  const after = await readReport(afterPath, 'compare', ctx.deps.stdin);
  const rows = compareReports(before, after).filter((row) => options.all === true || row.changed);
  if (ctx.globals.json) return ctx.printJson({ before: beforePath, after: afterPath, cases: rows });
  if (rows.length === 0) return ctx.logger.info('No case changed its verdict or pass rate (--all shows every case).');
  ctx.print(compareTable(rows, ctx.stdoutTheme, ctx.stdoutColumns));
}
