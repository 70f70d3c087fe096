import type { RunOf } from '../../command.js';
import type { ResourceDescriptor } from '../../../resources/descriptor.js';
import { resourceTable } from '../../../resources/view.js';
import type { listSpec } from './spec.js';
import { hooksOf } from '../kinds.js';
import { learnNames } from '../remember.js';
import { isAgent } from '../texts.js';

export const listRun =
  (resource: ResourceDescriptor): RunOf<ReturnType<typeof listSpec>> =>
  async ({ limit, all }, ctx) => {
    const records = await hooksOf(resource).wire.list(await ctx.client(), all ? Infinity : limit);
    await ctx.out.result(ctx.io.shown(records), {
      quiet: () => records.map((record) => record.id), // one id per line, for xargs
      human: () => {
        if (records.length > 0) return resourceTable(resource, records, ctx.out.theme, ctx.out.columns);
        const create = isAgent(resource) ? 'agents create' : `agents ${resource.plural} create`;
        ctx.io.logger.info(`No ${resource.noun}s yet. Create one with \`${create}\`.`);
      },
    });
    await learnNames(ctx, resource, records);
  };
