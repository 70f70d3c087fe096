import type { RunOf } from '../../command.js';
import { logStatus } from '../switch.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (_options, ctx) => {
  const status = logStatus(ctx);
  const size = status.bytes === null ? '' : `, ${(status.bytes / 1024 / 1024).toFixed(1)} MiB`;
  await ctx.out.result(status, {
    human: () =>
      [
        status.logging ? 'Runs are logged.' : `Runs are not logged: ${status.why}.`,
        `${status.path}${status.runs === null ? '' : `: ${status.runs} run${status.runs === 1 ? '' : 's'}${size}`}`,
      ].join('\n'),
  });
};
