import type * as z from 'zod/mini';
import { listAgentsPaged } from '../api/agents.js';
import { collect } from '../api/paging.js';
import type { Context } from '../context.js';
import { AGENT } from '../resources/agent.js';
import { resourceTable } from '../resources/view.js';
import { listOptions } from './option-schemas.js';

const PAGE_SIZE = 50;

export const optionsSchema = listOptions;

export async function run(ctx: Context, _args: unknown[], { limit, all }: z.infer<typeof listOptions>): Promise<void> {
  const wanted = all ? Infinity : limit;

  const agents = await collect(listAgentsPaged(await ctx.client(), { limit: wanted, pageSize: PAGE_SIZE }));

  if (ctx.globals.json) return ctx.printJson(ctx.shown(agents));
  if (ctx.globals.quiet) {
    for (const agent of agents) ctx.print(agent.id); // one id per line, for xargs
    return;
  }
  if (agents.length === 0) {
    ctx.logger.info('No agents yet. Create one with `agents create`.');
    return;
  }
  ctx.print(resourceTable(AGENT, agents, ctx.stdoutTheme, ctx.stdoutColumns));
}
