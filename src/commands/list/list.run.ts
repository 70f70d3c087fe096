import type * as z from 'zod/mini';
import { listAgentsPaged } from '../../api/agents.js';
import { collect } from '../../api/paging.js';
import type { Context } from '../../context.js';
import { AGENT } from '../../resources/agent.js';
import { resourceTable } from '../../resources/view.js';
import { listOptions, noArguments } from '../option-schemas.js';

const PAGE_SIZE = 50;

export const optionsSchema = listOptions;
export const argumentsSchema = noArguments;

export async function run(ctx: Context, _args: [], { limit, all }: z.infer<typeof listOptions>): Promise<void> {
  const wanted = all ? Infinity : limit;

  const agents = await collect(listAgentsPaged(await ctx.client(), { limit: wanted, pageSize: PAGE_SIZE }));

  ctx.io.result(ctx.io.shown(agents), {
    quiet: () => agents.map((agent) => agent.id), // one id per line, for xargs
    human: () => {
      if (agents.length > 0) return resourceTable(AGENT, agents, ctx.io.stdoutTheme, ctx.io.columns);
      ctx.io.logger.info('No agents yet. Create one with `agents create`.');
    },
  });
}
