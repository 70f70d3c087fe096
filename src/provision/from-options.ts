// The meaning of apply's and diff's flags: load and check the files, then plan.
import * as z from 'zod/mini';
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { loadStack } from './load.js';
import { computePlan, type Plan } from './plan.js';
import { aSwitch, wholeNumber } from '../commands/option-schemas.js';

/** The options apply and diff share. */
export const provisionOptions = z.object({
  file: z.optional(z.array(z.string())),
  concurrency: wholeNumber('--concurrency', 1, 64),
  allowUnknownModel: aSwitch(),
  prune: aSwitch(),
  allowEnv: z.optional(z.array(z.string())),
});

export async function planFromOptions(
  ctx: Pick<Context, 'client' | 'env' | 'io'>,
  options: z.infer<typeof provisionOptions>,
): Promise<{ client: ApiClient; plan: Plan; concurrency: number }> {
  const { concurrency, file: files = [] } = options;
  if (files.length === 0)
    throw new CliError('usage', 'missing -f FILE', { hint: 'Pass a YAML or JSON file, a folder, or - for stdin.' });
  const stack = await loadStack(files, ctx.io.stdin, {
    allowUnknownModel: options.allowUnknownModel === true,
    keyVariables: { env: ctx.env, allowed: options.allowEnv ?? [] },
  });
  const empty = stack.agents.length === 0 && Object.values(stack.resources).every((list) => list.length === 0);
  if (empty)
    ctx.io.logger.warn(
      `${files.join(', ')} declare${files.length === 1 ? 's' : ''} no agents, tools, datasources or LLMs: nothing to plan`,
    );
  const client = await ctx.client();
  const plan = await computePlan(client, stack, { concurrency, prune: options.prune === true });
  return { client, plan, concurrency };
}
