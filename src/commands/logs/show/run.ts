import { runByPrefix } from '../../../logs/runs.js';
import type { RunOf } from '../../command.js';
import { openRunLog } from '../open.js';
import { runText } from '../view.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async ({ id }, ctx) => {
  const db = openRunLog(ctx);
  try {
    const found = runByPrefix(db, id);
    await ctx.out.result(found, { quiet: () => found.answer, human: () => runText(found, ctx.out.theme) });
  } finally {
    db.close();
  }
};
