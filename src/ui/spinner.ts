// A spinner on stderr while waiting, only for a person at a terminal (never in CI).
import type { Context } from '../context.js';

export interface Spinner {
  stop(): void;
}

const NO_SPINNER: Spinner = { stop() {} };

export async function startSpinner(ctx: Context, text: string): Promise<Spinner> {
  const ci = ctx.env.CI;
  if (ctx.deps.stderr.isTTY !== true || (ci && ci !== '0' && ci !== 'false') || ctx.globals.quiet) return NO_SPINNER;
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: ctx.deps.stderr as NodeJS.WritableStream, discardStdin: false }).start();
  return { stop: () => spinner.stop() };
}
