// The meaning of apply's and diff's flags: load and check the files, then plan.
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { loadStack } from './load.js';
import { computePlan, type Plan } from './plan.js';
import type { Options } from '../commands/define.js';

export async function planFromOptions(ctx: Context, options: Options): Promise<{ client: ApiClient; plan: Plan; concurrency: number }> {
  const files = (options.file as string[] | undefined) ?? [];
  if (files.length === 0) throw new CliError('usage', 'missing -f FILE', { hint: 'Pass a YAML or JSON file, a folder, or - for stdin.' });
  const concurrency = Number(options.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    throw new CliError('usage', '--concurrency must be a whole number from 1 to 64');
  }
  const stack = await loadStack(files, ctx.deps.stdin, { allowUnknownModel: options.allowUnknownModel === true });
  const empty = stack.agents.length === 0 && Object.values(stack.resources).every((list) => list.length === 0);
  if (empty) ctx.logger.warn(`${files.join(', ')} declare${files.length === 1 ? 's' : ''} no agents, tools, datasources or LLMs: nothing to plan`);
  const client = await ctx.client();
  const plan = await computePlan(client, stack, { concurrency, prune: options.prune === true, env: ctx.env });
  return { client, plan, concurrency };
}
