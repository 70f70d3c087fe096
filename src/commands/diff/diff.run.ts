import type { Context } from '../../context.js';
import { CliError, ExitCode, ExitWithCode } from '../../errors.js';
import { planHasChanges } from '../../provision/plan.js';
import { planJson, problemLines, renderPlan, resourcesPlanJson } from '../../provision/render.js';
import type * as z from 'zod/mini';
import { planFromOptions, provisionOptions } from '../../provision/from-options.js';
import { noArguments } from '../option-schemas.js';

export const optionsSchema = provisionOptions;
export const argumentsSchema = noArguments;

export async function run(ctx: Context, _args: [], options: z.infer<typeof provisionOptions>): Promise<void> {
  const { plan } = await planFromOptions(ctx, options).catch((error: unknown) => {
    throw asDiffFailure(error);
  });
  const changes = planHasChanges(plan);
  if (ctx.io.json) ctx.io.printJson({ changes, plan: planJson(plan), resources: resourcesPlanJson(plan) });
  else if (!ctx.io.quiet) ctx.io.print(renderPlan(plan, ctx.io.stdoutTheme, ctx.io.columns)); // -q: the exit code says it, as git diff --quiet
  if (plan.problems.length > 0) {
    const first = plan.problems[0]!;
    const [, ...details] = problemLines(plan);
    throw asDiffFailure(
      new CliError(first.error.kind, `${first.name}: ${first.error.message}`, { details, hint: first.error.hint }),
    );
  }
  if (changes) throw new ExitWithCode(ExitCode.failure); // 1: changes found, as git diff and kubectl diff
}

/** diff keeps 1 for "changes found": what other commands report as 1 becomes 7. */
function asDiffFailure(error: unknown): unknown {
  if (!(error instanceof CliError) || error.exitCode !== ExitCode.failure) return error;
  return new CliError('diff-failure', error.message, { details: error.details, hint: error.hint, cause: error });
}
