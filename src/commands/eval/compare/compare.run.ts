import * as z from 'zod/mini';
import type { Context } from '../../../context.js';
import { compareReports, compareTable } from '../../../eval/compare.js';
import { readReport } from '../../../eval/report-file.js';
import { aSwitch, aWord } from '../../option-schemas.js';

export const optionsSchema = z.object({ all: aSwitch() });
export const argumentsSchema = z.tuple([aWord(), aWord()]);

export async function run(
  ctx: Context,
  args: z.infer<typeof argumentsSchema>,
  options: z.infer<typeof optionsSchema>,
): Promise<void> {
  const [beforePath, afterPath] = args;
  const before = await readReport(beforePath, 'compare', ctx.io.stdin);
  const after = await readReport(afterPath, 'compare', ctx.io.stdin);
  const rows = compareReports(before, after).filter((row) => options.all === true || row.changed);
  if (ctx.io.json) return ctx.io.printJson({ before: beforePath, after: afterPath, cases: rows });
  if (rows.length === 0)
    return ctx.io.logger.info('No case changed its verdict or pass rate (--all shows every case).');
  ctx.io.print(compareTable(rows, ctx.io.stdoutTheme, ctx.io.columns));
}
