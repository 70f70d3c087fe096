import { completionScript } from '../../completion/generate.js';
import type { Shell } from '../../completion/shells.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async ({ shell }, ctx) => {
  ctx.out.raw(completionScript(await ctx.program.completionShape(), shell as Shell));
};
