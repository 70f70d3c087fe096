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
import { planFromOptions } from '../provision-plan.js';
import { planSummary } from '../../provision/summary.js';
import { lockedStack } from '../stack-lock.js';
import { appendSummary } from '../summary-flag.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = (options, ctx) => lockedStack(ctx, options, () => applyStack(options, ctx));

async function applyStack(
  options: Parameters<RunOf<typeof spec>>[0],
  ctx: Parameters<RunOf<typeof spec>>[1],
): Promise<void> {
  const { client, plan, concurrency } = await planFromOptions(ctx, options);
  const { dryRun } = options;
  const human = ctx.out.forPerson; // -q: the exit code says it all
  if (human) ctx.out.text(renderPlan(plan, ctx.out.theme, ctx.out.columns));

  // A plan with a problem is not started: a half-applied stack is worse than none.
  const blocked = plan.problems.length > 0;
  const applied = dryRun || blocked ? { resources: [], agents: [] } : await executePlan(client, plan, concurrency);
  appendSummary(
    options.summary,
    () =>
      planSummary(dryRun ? 'agents apply --dry-run' : 'agents apply', options.file, plan, dryRun ? undefined : applied),
    ctx.env,
  );
  const learnt = Object.fromEntries(applied.agents.flatMap((r) => (r.id ? [[r.id, { name: r.name }]] : [])));
  if (Object.keys(learnt).length > 0) await ctx.recordLocally((state) => state.rememberAgents(learnt));

  if (ctx.out.forProgram) {
    ctx.out.document({
      dryRun,
      plan: planJson(plan),
      resources: resourcesPlanJson(plan),
      results: resultsJson(applied),
      resourceResults: resourceResultsJson(applied),
    });
  } else if (!human) {
    // -q: nothing on stdout
  } else if (applied.resources.length + applied.agents.length > 0) {
    ctx.out.text(renderResults(applied, ctx.out.theme));
  } else if (!dryRun && !blocked) {
    ctx.io.logger.info('No changes.');
  }

  const failure = applyFailure(plan, applied);
  if (failure) throw failure;
}
