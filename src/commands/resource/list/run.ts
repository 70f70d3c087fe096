import { countResources } from '../../../api/resources.js';
import type { RunOf } from '../../command.js';
import type { ResourceDescriptor } from '../../../resources/descriptor.js';
import { resourceTable } from '../../../resources/view.js';
import type { listSpec } from './definition.js';
import { hooksOf } from '../kinds.js';
import { learnNames } from '../remember.js';
import { isAgent } from '../texts.js';

export const listRun =
  (resource: ResourceDescriptor): RunOf<ReturnType<typeof listSpec>> =>
  async ({ limit, all }, ctx) => {
    const client = await ctx.client();
    // A person at a terminal is told when the list stops at --limit (one more than shown says it);
    // a script asked for --limit and gets exactly that.
    const tellCut = !all && ctx.out.forPerson && ctx.out.isTerminal;
    const fetched = await hooksOf(resource).wire.list(client, all ? Infinity : limit + (tellCut ? 1 : 0));
    const records = all ? fetched : fetched.slice(0, limit);
    await ctx.out.result(ctx.io.shown(records), {
      quiet: () => records.map((record) => record.id), // one id per line, for xargs
      human: () => {
        if (records.length > 0) return resourceTable(resource, records, ctx.out.theme, ctx.out.columns);
        const create = isAgent(resource) ? 'agents create' : `agents ${resource.plural} create`;
        ctx.io.logger.info(`No ${resource.noun}s yet. Create one with \`${create}\`.`);
      },
    });
    if (fetched.length > records.length) {
      const total = await countResources(client, resource).catch(() => undefined);
      const shown = total === undefined ? `${records.length} shown, more exist` : `${records.length} of ${total}`;
      ctx.io.logger.info(`${shown}; --all for every ${resource.noun}`);
    }
    await learnNames(ctx, resource, records);
  };
