import { CliError } from '../../../errors.js';
import { writeOutputFile } from '../../../io/write-file.js';
import { earlierInputs, latestRuns, runByPrefix, searchRuns, type LoggedRun } from '../../../logs/runs.js';
import { casesOf, evalFileText } from '../../../logs/to-eval.js';
import type { RunOf } from '../../command.js';
import { filterOf } from '../filter-flags.js';
import { openRunLog } from '../open.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const byFilter = options.search !== undefined || options.agent !== undefined || options.since !== undefined;
  if (options.ids.length > 0 && byFilter)
    throw new CliError('usage', 'choose runs by id or by --search, --agent and --since, not both');
  if (options.ids.length === 0 && !byFilter)
    throw new CliError('usage', 'which runs? give ids, or --search TEXT, --agent NAME or --since WHEN', {
      hint: 'agents logs lists the latest runs and their ids.',
    });
  const filter = filterOf(options);
  const db = openRunLog(ctx);
  let runs: LoggedRun[];
  let earlier: Map<string, string[]>;
  try {
    runs =
      options.ids.length > 0
        ? options.ids.map((id) => runByPrefix(db, id))
        : options.search !== undefined
          ? searchRuns(db, options.search, filter, options.limit).map((hit) => hit.run)
          : latestRuns(db, filter, options.limit).reverse();
    earlier = new Map(runs.map((each) => [each.id, earlierInputs(db, each)]));
  } finally {
    db.close();
  }
  const { cases, skipped } = casesOf(runs, (each) => earlier.get(each.id) ?? []);
  for (const why of skipped) ctx.io.logger.warn(`${why}; left out`);
  if (cases.length === 0) throw new CliError('usage', 'none of the runs chosen can be a case', { details: skipped });
  const text = await evalFileText(cases);
  if (options.output === undefined) return ctx.out.text(text.trimEnd());
  writeOutputFile(options.output, text, '--output');
  await ctx.out.result(
    { file: options.output, cases: cases.length, skipped },
    {
      human: () =>
        void ctx.io.logger.success(
          `Wrote ${cases.length} case${cases.length === 1 ? '' : 's'} to ${options.output}: agents eval -f ${options.output}`,
        ),
    },
  );
};
