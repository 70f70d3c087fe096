// A command of the registry: its path, its spec and its run, each module loaded only when needed:
// the spec when commander dispatches to the command or help or completion describe it, the run
// when it runs. So a run builds one command's spec, and a new command costs the others nothing.
// They are joined here, not in the spec, so that run.ts can take its options' type from definition.ts
// without definition.ts importing run.ts back.
import type { Args, CommandSpec, Flags, Need, Options } from '../definition/define.js';
import type { RunContext } from './run-context.js';

/** A run: its options read by its spec, and the members of the Context its spec `uses`. */
export type Run<F extends Flags, A extends Args, N extends Need> = (
  options: Options<F, A>,
  ctx: RunContext<N>,
) => Promise<void> | void;

export type RunOf<S> = S extends CommandSpec<infer F, infer A, infer U> ? Run<F, A, U[number]> : never;

/** A command of the registry: its path, and its spec and run, loaded when asked for. */
export interface Command<F extends Flags = Flags, A extends Args = Args, N extends Need = Need> {
  readonly path: string;
  /** The spec, once loadSpec() has made it: reading it before is a mistake of the program's. */
  readonly spec: CommandSpec<F, A, readonly N[]>;
  /** Whether loadSpec() has made the spec yet (help shows a summary only then). */
  readonly specLoaded: boolean;
  loadSpec: () => Promise<CommandSpec<F, A, readonly N[]>>;
  load: () => Promise<Run<F, A, N>>;
}

export function command<F extends Flags, A extends Args, N extends Need>(
  path: string,
  loadSpec: () => Promise<CommandSpec<F, A, readonly N[]>>,
  load: () => Promise<Run<F, A, N>>,
): Command {
  let spec: CommandSpec<F, A, readonly N[]> | undefined;
  const made: Command<F, A, N> = {
    path,
    get spec() {
      if (!spec) throw new Error(`the spec of "agents ${path}" was read before it was loaded`);
      return spec;
    },
    get specLoaded() {
      return spec !== undefined;
    },
    async loadSpec() {
      const loaded = (spec ??= await loadSpec());
      if (loaded.path !== path) throw new Error(`the registry's "${path}" loaded the spec of "${loaded.path}"`);
      return loaded;
    },
    load,
  };
  return made as unknown as Command;
}

/** Every spec of these commands, loaded (help of the whole program, completion, docs and tests). */
export async function loadSpecs(commands: readonly Command[]): Promise<void> {
  await Promise.all(commands.map((each) => each.loadSpec()));
}
