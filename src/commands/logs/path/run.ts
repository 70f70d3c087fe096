import { logsDbPath } from '../../../logs/path.js';
import type { RunOf } from '../../command.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (_options, ctx) => {
  const path = logsDbPath(ctx.env);
  await ctx.out.result({ path }, { quiet: () => path, human: () => path });
};
