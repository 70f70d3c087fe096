// The one place a command's arguments and flags are read: commander has split the line into
// strings, switches and lists; each goes through its spec's reader (the zod schema built now, for
// this command only), a flag not given falls back to its variable and then its default, and the
// first problem is exit 2 naming the flag or argument. Output paths are checked here too, so no
// command sends a request it could not write the result of.
import type { Command as Commander } from 'commander';
import { CliError } from '../errors.js';
import { checkOutputPath } from '../io/write-file.js';
import { readWith } from '../util/readers.js';
import type { Arg, CommandSpec, Flag, Flags } from '../definition/define.js';

/** `llmModel` → `--llm-model`, as commander names the attribute of a long flag. */
export const longFlag = (key: string) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** How a flag is named to the user: `--no-stream` for a negative switch. */
export const flagName = (key: string, flag: Flag) =>
  flag.type === 'switch' && flag.negative ? `--no-${longFlag(key).slice(2)}` : longFlag(key);

export function readFlags(
  flags: Flags,
  command: Commander,
  env: Record<string, string | undefined>,
): Record<string, unknown> {
  const problems = new Problems();
  const values: Record<string, unknown> = {};
  for (const [key, flag] of Object.entries(flags))
    values[key] = problems.collect(() => readFlag(key, flag, command, env));
  problems.throwAny();
  return values;
}

/** Every flag is read before any is refused: the first problem is the error, the others its details. */
class Problems {
  private readonly found: CliError[] = [];

  collect<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      this.found.push(error);
      return undefined;
    }
  }

  throwAny(): void {
    const [first, ...rest] = this.found;
    if (!first) return;
    const details = [...first.details, ...rest.flatMap((error) => [error.message, ...error.details])];
    throw new CliError(first.kind, first.message, { details, hint: first.hint });
  }
}

function readFlag(key: string, flag: Flag, command: Commander, env: Record<string, string | undefined>): unknown {
  const given: unknown = givenValue(key, command);
  const name = flagName(key, flag);
  switch (flag.type) {
    case 'switch':
      // commander sets false for --no-x and leaves a switch not given undefined.
      if (flag.negative) return given !== false;
      return flag.negatable ? (given === undefined ? undefined : given === true) : given === true;
    case 'list':
      return ((given as string[] | undefined) ?? []).map((value) => readWith(flag.read, value, name));
    case 'value': {
      if (given === false && flag.negatable) return false;
      if (given !== undefined) return readWith(flag.read, given as string, name);
      const variable = flag.env === undefined ? undefined : env[flag.env];
      if (variable !== undefined && variable !== '') return readWith(flag.read, variable, flag.env!);
      return flag.default === undefined ? undefined : readWith(flag.read, flag.default, name);
    }
  }
}

/**
 * What the line gave for a flag. commander gives an option that a command and its parent both have
 * to the parent, wherever it stands (`agents eval merge a.json --junit x.xml` sets eval's --junit):
 * the subcommand takes back what the user gave, when it was given to the parent and not to it.
 */
function givenValue(key: string, command: Commander): unknown {
  const own: unknown = command.getOptionValue(key);
  const parent = command.parent;
  // The program's own options are the global flags, read apart (global-flags.ts): never taken back.
  if (!parent?.parent || command.getOptionValueSource(key) === 'cli') return own;
  const parentHasIt = parent.options.some((option) => option.attributeName() === key);
  return parentHasIt && parent.getOptionValueSource(key) === 'cli' ? parent.getOptionValue(key) : own;
}

function readArgs(args: readonly Arg[], command: Commander): Record<string, unknown> {
  const problems = new Problems();
  const values: Record<string, unknown> = {};
  args.forEach((arg, index) => {
    const given: unknown = command.processedArgs[index];
    const source = `<${arg.label ?? arg.name}>`;
    values[arg.name] = problems.collect(() =>
      arg.variadic
        ? ((given as string[] | undefined) ?? []).map((value) => readWith(arg.read, value, source))
        : given === undefined
          ? undefined
          : readWith(arg.read, given as string, source),
    );
  });
  problems.throwAny();
  return values;
}

/** What run receives: every argument and flag read, every output path known to be writable. */
export function readOptions(
  spec: CommandSpec,
  command: Commander,
  env: Record<string, string | undefined>,
): Record<string, unknown> {
  const problems = new Problems();
  const flags = problems.collect(() => readFlags(spec.flags, command, env));
  const args = problems.collect(() => readArgs(spec.args, command));
  problems.throwAny();
  const options = { ...flags, ...args };
  for (const [key, flag] of Object.entries(spec.flags)) {
    const path = options[key];
    if (flag.type === 'value' && flag.output && typeof path === 'string') checkOutputPath(path, flagName(key, flag));
  }
  return options;
}
