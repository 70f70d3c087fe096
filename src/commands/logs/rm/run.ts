import { CliError } from '../../../errors.js';
import { confirmDeletion } from '../../../prompts/confirm-delete.js';
import { countRuns, removeRuns, runByPrefix, type RunFilter } from '../../../logs/runs.js';
import { readWhen } from '../../../logs/when.js';
import type { RunOf } from '../../command.js';
import { openRunLog } from '../open.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const byFilter = options.before !== undefined || options.agent !== undefined;
  if (options.ids.length > 0 && byFilter) throw new CliError('usage', 'give run ids or --before / --agent, not both');
  if (options.ids.length === 0 && !byFilter)
    throw new CliError('usage', 'which runs? give ids, --before WHEN or --agent NAME');
  const filter: RunFilter = {
    agent: options.agent,
    until: options.before === undefined ? undefined : readWhen(options.before, '--before'),
  };
  const db = openRunLog(ctx);
  try {
    const ids = options.ids.map((id) => runByPrefix(db, id).id);
    const count = ids.length > 0 ? ids.length : countRuns(db, filter);
    if (count === 0) {
      await ctx.out.result(
        { removed: 0 },
        { human: () => void ctx.io.logger.info('No logged run matches: nothing deleted.') },
      );
      return;
    }
    await confirmDeletion(ctx, `${count} logged run${count === 1 ? '' : 's'}`, options.yes);
    const removed = removeRuns(db, ids.length > 0 ? { ids } : filter);
    await ctx.out.result(
      { removed },
      {
        human: () => void ctx.io.logger.success(`Deleted ${removed} run${removed === 1 ? '' : 's'} from the run log.`),
      },
    );
  } finally {
    db.close();
  }
};
