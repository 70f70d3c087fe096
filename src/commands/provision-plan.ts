// What apply's and diff's flags mean: load and check the files, then plan.
import type { ApiClient } from '../api/client.js';
import type { Uses } from '../context.js';
import { CliError } from '../errors.js';
import { loadStack } from '../provision/load.js';
import { withSuffix } from '../provision/suffix.js';
import { computePlan, type Plan } from '../provision/plan.js';
import type { PROVISION_FLAGS } from './provision-flags.js';
import type { Options } from '../definition/define.js';

export async function planFromOptions(
  ctx: Uses<'service' | 'env'>,
  options: Options<typeof PROVISION_FLAGS, []>,
): Promise<{ client: ApiClient; plan: Plan; concurrency: number }> {
  const { concurrency, file: files } = options;
  if (files.length === 0)
    throw new CliError('usage', 'missing -f FILE', { hint: 'Pass a YAML or JSON file, a folder, or - for stdin.' });
  const loaded = await loadStack(files, ctx.io.stdin, {
    allowUnknownModel: options.allowUnknownModel,
    keyVariables: { env: ctx.env, allowed: options.allowEnv },
    warn: (message) => ctx.io.logger.warn(message),
  });
  const stack = withSuffix(loaded, options.suffix);
  const empty = stack.agents.length === 0 && Object.values(stack.resources).every((list) => list.length === 0);
  if (empty)
    ctx.io.logger.warn(
      `${files.join(', ')} declare${files.length === 1 ? 's' : ''} no agents, tools, datasources or LLMs: nothing to plan`,
    );
  const client = await ctx.client();
  const plan = await computePlan(client, stack, { concurrency, prune: options.prune });
  return { client, plan, concurrency };
}
