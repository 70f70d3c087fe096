// A command is one typed spec: its path as the user types it, a summary, its arguments and flags
// (each with the schema that reads it, its help, what completes it and, where it has them, its
// environment variable and setting), the shape of its --json output, its examples. commander's
// commands, validation, help, completion and docs/json all come from these, in one generic place
// each (program.ts, options.ts, help.ts, completion/model.ts, scripts/json-schemas.mjs). A spec is
// plain data: its schemas are built only when its command runs, so listing every command is cheap.
import type * as z from 'zod/mini';
import type { ReferenceKind } from '../resources/registry.js';
import type { Reader } from '../util/readers.js';

/** Where shell completion finds the values of a flag or an argument. */
export type ValueSource =
  | { kind: 'choices'; choices: readonly string[] }
  | { kind: 'files' }
  /** JSON, or @FILE to read it from: file names with an @ in front. */
  | { kind: 'at-files' }
  /** What this machine has seen of the service (state.json), by id and by name. */
  | { kind: 'known'; of: ReferenceKind }
  | { kind: 'profiles' }
  /** The latest runs of the run log, by id with their input's first words. */
  | { kind: 'runs' }
  /** The commands and help topics (`help <TAB>`). */
  | { kind: 'commands' }
  | { kind: 'free' };

interface FlagBase {
  help: string;
  /** A one-letter alias, e.g. '-f'. */
  short?: string;
  /** Kept out of help and completion (update's refused fields, which it refuses with a reason). */
  hidden?: boolean;
  /** Flags (by key) this one cannot be given with. */
  conflicts?: readonly string[];
}

/** A flag that takes a value: `--limit <n>`. */
export interface ValueFlag<T, D extends boolean = boolean> extends FlagBase {
  type: 'value';
  placeholder: string;
  read: Reader<T>;
  complete: ValueSource;
  /** The text taken when the flag is not given, read as a given one would be; shown in help. */
  default?: D extends true ? string : undefined;
  /** An environment variable that gives the value when the flag does not. */
  env?: string;
  /** A path the command writes: checked before anything is sent (io/write-file.ts). */
  output?: boolean;
  /** The help of its --no- form, which gives false (`--no-session`). */
  negatable?: string;
}

/** A flag given any number of times: `-H a -H b`. */
export interface ListFlag<T> extends FlagBase {
  type: 'list';
  placeholder: string;
  read: Reader<T>;
  complete: ValueSource;
}

/** A switch: `--all`; `negatable` adds `--no-all`; `negative` is only `--no-stream` (true unless given). */
export interface SwitchFlag extends FlagBase {
  type: 'switch';
  negatable?: boolean;
  negative?: boolean;
}

export type Flag = ValueFlag<unknown> | ListFlag<unknown> | SwitchFlag;
export type Flags = Record<string, Flag>;

export interface Arg<T = unknown> {
  /** Its name in the options `run` receives, and in help unless `label` says otherwise. */
  name: string;
  /** Its name in help when a generic command names it after a kind (`<tool>`, `[agent]`). */
  label?: string;
  help: string;
  /** commander asks for it (help shows <name>); else [name], and `run` may find it missing. */
  required: boolean;
  /** Takes every word left (<tool...>). */
  variadic: boolean;
  read: Reader<T>;
  complete: ValueSource;
}
export type Args = readonly Arg[];

type FlagValue<F> =
  F extends ValueFlag<infer T, infer D>
    ? F extends { negatable: string }
      ? T | false | undefined
      : D extends true
        ? T
        : T | undefined
    : F extends ListFlag<infer T>
      ? T[]
      : F extends SwitchFlag
        ? F['negatable'] extends true
          ? boolean | undefined
          : boolean
        : never;

type ArgValue<A> =
  A extends Arg<infer T> ? (A['variadic'] extends true ? T[] : A['required'] extends true ? T : T | undefined) : never;

type ArgValues<A extends Args> = { [I in keyof A & `${number}` as A[I]['name']]: ArgValue<A[I]> };

/** Keys whose value may be undefined become optional ones. */
type Optionals<T> = { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] } & {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
};

/** What `run` receives: each argument by its name and each flag by its key, read and checked. */
export type Options<F extends Flags, A extends Args> = Optionals<{ [K in keyof F]: FlagValue<F[K]> } & ArgValues<A>>;

/**
 * What a run may ask for besides the terminal, stdout and the line's globals, which every run gets
 * (context.ts NEEDS says which members of the Context each gives): the service (an API client and
 * references), the resolved settings, config.json, state.json, prompts, the variables, the run log,
 * the program itself (help, completion). A run receives only what its spec names.
 */
export type Need = 'service' | 'settings' | 'config' | 'state' | 'prompts' | 'env' | 'runLog' | 'program';

export interface CommandSpec<
  F extends Flags = Flags,
  A extends Args = Args,
  U extends readonly Need[] = readonly Need[],
> {
  /** As the user types it: `list`, `tools list`, `eval merge`. */
  path: string;
  summary: string;
  /** A longer text for its help page; the summary when left out. */
  description?: string;
  args: A;
  flags: F;
  /** The document --json prints on success, for docs/json and the tests that hold outputs to it. */
  output?: { name: string; schema: () => z.ZodMiniType };
  /** Why a command has no --json document of its own (it prints a script, a protocol…). */
  noJson?: string;
  examples: readonly string[];
  /** More help after the flags (eval's file format). */
  helpAfter?: string;
  /**
   * The words after its path that make it read standard input (`['-f', '-']`, piped text, chat's
   * lines): the tests feed it /dev/zero that way, and expect exit 2 within the input cap.
   */
  readsStdin?: readonly string[];
  /** What its run receives besides the terminal and stdout (none when left out). */
  uses?: U;
}

/** Typed specs: the literal types of flags and args are kept for `Options`. */
export function defineSpec<const F extends Flags, const A extends Args, const U extends readonly Need[] = []>(
  spec: CommandSpec<F, A, U>,
): CommandSpec<F, A, U> {
  return spec;
}
