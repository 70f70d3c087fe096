// A spinner on stderr while waiting, only for a person at a terminal (never in CI).
import type { Context } from '../context.js';

export interface Spinner {
  stop(): void;
}

const NO_SPINNER: Spinner = { stop() {} };

export async function startSpinner(ctx: Context, text: string): Promise<Spinner> {
  const ci = ctx.env.CI;
  const stderr = ctx.deps.stderr as Partial<NodeJS.WriteStream>;
  // ora draws with cursor moves, which only a real terminal stream offers.
  const terminal = stderr.isTTY === true && typeof stderr.cursorTo === 'function';
  if (!terminal || (ci && ci !== '0' && ci !== 'false') || ctx.globals.quiet) return NO_SPINNER;
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: stderr as NodeJS.WriteStream, discardStdin: false }).start();
  return { stop: () => spinner.stop() };
}
