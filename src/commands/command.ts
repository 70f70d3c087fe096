// A command of the registry: its spec (plain data, loaded with the program) and its run (loaded
// only when it runs). They are joined here, not in the spec, so that run.ts can take its options'
// type from spec.ts without spec.ts importing run.ts back.
import type { Context } from '../context.js';
import type { Args, CommandSpec, Flags, Options } from '../spec/spec.js';

export type RunOf<S> =
  S extends CommandSpec<infer F, infer A> ? (options: Options<F, A>, ctx: Context) => Promise<void> | void : never;

/** A command of the registry: its spec, and its run, loaded only when it runs. */
export interface Command<F extends Flags = Flags, A extends Args = Args> {
  spec: CommandSpec<F, A>;
  load: () => Promise<(options: Options<F, A>, ctx: Context) => Promise<void> | void>;
}

export function command<F extends Flags, A extends Args>(
  spec: CommandSpec<F, A>,
  load: () => Promise<(options: Options<F, A>, ctx: Context) => Promise<void> | void>,
): Command {
  return { spec, load } as unknown as Command;
}
