import { latestRuns } from '../../logs/runs.js';
import type { RunOf } from '../command.js';
import { filterOf } from './filter-flags.js';
import { openRunLog } from './open.js';
import type { spec } from './definition.js';
import { runsTable } from './view.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const filter = filterOf(options);
  const db = openRunLog(ctx);
  try {
    const runs = latestRuns(db, filter, options.limit);
    await ctx.out.result(runs, {
      quiet: () => runs.map((each) => each.id),
      human: () => {
        if (runs.length > 0) return runsTable(runs, ctx.out.theme, ctx.out.columns);
        ctx.io.logger.info('No runs logged yet that match.');
      },
    });
  } finally {
    db.close();
  }
};
