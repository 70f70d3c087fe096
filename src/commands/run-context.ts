// What a run receives: the members of the Context its spec's `uses` names, and nothing else (a run
// that reaches for more is a type error, and finds nothing at run time). Commands are unit-tested
// with such an object built from their dependencies alone (test/helpers/run-context.ts).
import { ALWAYS, NEEDS, type Context, type Uses } from '../context.js';
import type { Need } from '../definition/define.js';
import type { RunLog } from '../logs/record.js';

/** The run log need: the log of this line, when it records (commands/run-log.ts), loaded only then. */
interface RunLogNeed {
  runLog(): Promise<RunLog | undefined>;
}

export type RunContext<N extends Need = never> = Uses<N> & ('runLog' extends N ? RunLogNeed : unknown);

export function narrowed<N extends Need>(ctx: Context, uses: readonly N[]): RunContext<N> {
  const members = new Set<string>([...ALWAYS, ...uses.flatMap((need) => NEEDS[need])]);
  const given: Record<string, unknown> = {};
  for (const name of members) {
    // A getter stays a getter (the prompter and the annotations are made when first read); a method is bound.
    Object.defineProperty(given, name, {
      enumerable: true,
      get: () => {
        const value = (ctx as unknown as Record<string, unknown>)[name];
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(ctx) : value;
      },
    });
  }
  if (uses.includes('runLog' as N)) given.runLog = async () => (await import('./run-log.js')).runLogFor(ctx);
  return given as RunContext<N>;
}
