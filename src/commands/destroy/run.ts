import { CliError } from '../../errors.js';
import { confirmDeletion } from '../../prompts/confirm-delete.js';
import { destroyFailure, executeDestroy, planDestroy, toDelete, type DestroyResult } from '../../provision/destroy.js';
import { destroyJson, destroySummary, renderDestroyPlan } from '../../provision/destroy-render.js';
import { loadStack } from '../../provision/load.js';
import { lockedStack } from '../stack-lock.js';
import { withSuffix } from '../../provision/suffix.js';
import { plural } from '../../util/plural.js';
import type { RunOf } from '../command.js';
import { appendSummary } from '../summary-flag.js';
import type { spec } from './definition.js';

type RunCtx = Parameters<RunOf<typeof spec>>[1];
type DestroyOptions = Parameters<RunOf<typeof spec>>[0];

export const run: RunOf<typeof spec> = async (options, ctx) => {
  if (options.file.length === 0)
    throw new CliError('usage', 'missing -f FILE', {
      hint: 'Pass the YAML or JSON file apply read, a folder, or - for stdin.',
    });
  return lockedStack(ctx, options, () => destroyStack(options, ctx));
};

async function destroyStack(options: DestroyOptions, ctx: RunCtx): Promise<void> {
  // The keys a file names in variables are not read: destroy sends none.
  const loaded = await loadStack(options.file, ctx.io.stdin, {
    allowUnknownModel: true,
    readKeys: false,
    warn: (message) => ctx.io.logger.warn(message),
  });
  const stack = withSuffix(loaded, options.suffix);
  const client = await ctx.client();
  const plan = await planDestroy(client, stack, options.concurrency);
  const doomed = toDelete(plan);
  if (ctx.out.forPerson) ctx.out.text(renderDestroyPlan(plan, ctx.out.theme));

  let results: DestroyResult[] = [];
  if (!options.dryRun && doomed.length > 0) {
    await confirmDeletion(ctx, plural(doomed.length, 'record'), options.yes, 'This cannot be undone.');
    results = await executeDestroy(client, plan, options.concurrency);
  }
  appendSummary(
    options.summary,
    () => destroySummary(options.file, plan, options.dryRun ? undefined : results),
    ctx.env,
  );
  const failed = results.filter((result) => result.error).length;
  await ctx.out.result(destroyJson(plan, options.dryRun, results), {
    human: () => {
      if (doomed.length === 0) return void ctx.io.logger.info('Nothing to destroy.');
      if (options.dryRun) return;
      ctx.io.logger.success(`Deleted ${plural(results.length - failed, 'record')}.`);
    },
  });
  const failure = destroyFailure(results);
  if (failure) throw failure;
}
