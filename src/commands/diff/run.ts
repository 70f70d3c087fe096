import { adviceFor } from '../../advice.js';
import { CliError, ExitCode, ExitWithCode } from '../../errors.js';
import { planHasChanges } from '../../provision/plan.js';
import { planJson, problemLines, problemLocations, renderPlan, resourcesPlanJson } from '../../provision/render.js';
import { planFromOptions } from '../provision-plan.js';
import { planSummary } from '../../provision/summary.js';
import { appendSummary } from '../summary-flag.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const { plan } = await planFromOptions(ctx, options).catch((error: unknown) => {
    throw asDiffFailure(error);
  });
  const changes = planHasChanges(plan);
  appendSummary(options.summary, () => planSummary('agents diff', options.file, plan), ctx.env);
  // -q: the exit code says it, as git diff --quiet does.
  await ctx.out.result(
    { changes, plan: planJson(plan), resources: resourcesPlanJson(plan) },
    { human: () => renderPlan(plan, ctx.out.theme, ctx.out.columns) },
  );
  if (plan.problems.length > 0) {
    const first = plan.problems[0]!;
    const [, ...details] = problemLines(plan);
    throw asDiffFailure(
      first.error.with({
        message: `${first.name}: ${first.error.message}`,
        details,
        locations: problemLocations(plan),
      }),
    );
  }
  if (changes) throw new ExitWithCode(ExitCode.failure); // 1: changes found, as git diff and kubectl diff
};

/** diff keeps 1 for "changes found": what other commands report as 1 becomes 7. */
function asDiffFailure(error: unknown): unknown {
  if (!(error instanceof CliError) || error.exitCode !== ExitCode.failure) return error;
  return new CliError('diff-failure', error.message, {
    details: error.details,
    hint: adviceFor(error),
    cause: error,
    locations: error.locations,
  });
}
