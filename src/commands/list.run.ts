import * as z from 'zod/mini';
import { listAgentsPaged } from '../api/agents.js';
import { collect } from '../api/paging.js';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { AGENT } from '../resources/agent.js';
import { resourceTable } from '../resources/view.js';
import type { Options } from './define.js';

const PAGE_SIZE = 50;

const optionsSchema = z.object({
  limit: z.number({ error: '--limit must be a number' }).check(z.int('--limit must be a whole number'), z.positive('--limit must be at least 1')),
  all: z.optional(z.boolean()),
});

export async function run(ctx: Context, _args: unknown[], rawOptions: Options): Promise<void> {
  const parsed = optionsSchema.safeParse(rawOptions);
  if (!parsed.success) throw new CliError('usage', parsed.error.issues[0]?.message ?? 'invalid options');
  const { limit, all } = parsed.data;
  const wanted = all ? Infinity : limit;

  const agents = await collect(listAgentsPaged(await ctx.client(), { limit: wanted, pageSize: PAGE_SIZE }));

  if (ctx.globals.json) return ctx.printJson(agents);
  if (ctx.globals.quiet) {
    for (const agent of agents) ctx.print(agent.id); // one id per line, for xargs
    return;
  }
  if (agents.length === 0) {
    ctx.logger.info('No agents yet. Create one with `agents create`.');
    return;
  }
  ctx.print(resourceTable(AGENT, agents, ctx.stdoutTheme, ctx.deps.stdout.isTTY ? ctx.deps.stdout.columns : undefined));
}
