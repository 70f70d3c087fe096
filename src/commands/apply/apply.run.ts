import type { Context } from '../../context.js';
import { executePlan } from '../../provision/execute.js';
import {
  applyFailure,
  planJson,
  renderPlan,
  renderResults,
  resourceResultsJson,
  resourcesPlanJson,
  resultsJson,
} from '../../provision/render.js';
import * as z from 'zod/mini';
import { planFromOptions, provisionOptions } from '../../provision/from-options.js';
import { aSwitch, noArguments } from '../option-schemas.js';

export const optionsSchema = z.extend(provisionOptions, { dryRun: aSwitch() });
export const argumentsSchema = noArguments;

export async function run(ctx: Context, _args: [], options: z.infer<typeof optionsSchema>): Promise<void> {
  const { client, plan, concurrency } = await planFromOptions(ctx, options);
  const dryRun = options.dryRun === true;
  const human = !ctx.io.json && !ctx.io.quiet; // -q: the exit code says it all
  if (human) ctx.io.print(renderPlan(plan, ctx.io.stdoutTheme, ctx.io.columns));

  const applied = dryRun ? { resources: [], agents: [] } : await executePlan(client, plan, concurrency);
  const learnt = Object.fromEntries(applied.agents.flatMap((r) => (r.id ? [[r.id, { name: r.name }]] : [])));
  if (Object.keys(learnt).length > 0) await ctx.recordLocally((state) => state.rememberAgents(learnt));

  if (ctx.io.json) {
    ctx.io.printJson({
      dryRun,
      plan: planJson(plan),
      resources: resourcesPlanJson(plan),
      results: resultsJson(applied),
      resourceResults: resourceResultsJson(applied),
    });
  } else if (!human) {
    // -q: nothing on stdout
  } else if (applied.resources.length + applied.agents.length > 0) {
    ctx.io.print(renderResults(applied, ctx.io.stdoutTheme));
  } else if (!dryRun) {
    ctx.io.logger.info('No changes.');
  }

  const failure = applyFailure(plan, applied);
  if (failure) throw failure;
}
