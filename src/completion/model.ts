// The shape of the program that shell completion needs: every command path with its flags and what
// each value completes to. It is made from the registry of specs (commands/completion/shape.ts),
// the same definitions the parser and help come from.

/** Where the candidates for a value come from. Dynamic ones are asked of `agents __complete`. */
export type ValueSource =
  | { kind: 'choices'; choices: readonly string[] }
  | { kind: 'files' }
  /** A value that is JSON, or @FILE to read one: file names with an @ in front. */
  | { kind: 'at-files' }
  /** What this machine has seen of the service (state.json), by id and by name. */
  | { kind: 'known'; of: string; label: string }
  | { kind: 'profiles' }
  | { kind: 'free' };

export interface OptionSpec {
  /** e.g. ['-f', '--file'] */
  flags: string[];
  description: string;
  value?: ValueSource;
}

export interface CommandSpec {
  name: string;
  summary: string;
  options: OptionSpec[];
  /** What the positional arguments complete to, in order. */
  args: ValueSource[];
  /** The last argument takes any number of values (e.g. <tool...>). */
  lastIsVariadic: boolean;
  subcommands: CommandSpec[];
}

export interface ProgramSpec {
  name: string;
  globalOptions: OptionSpec[];
  commands: CommandSpec[];
}
