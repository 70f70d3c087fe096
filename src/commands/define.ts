// Glue between commander (syntax, help) and the command implementations (meaning),
// which are loaded only when their command runs, so --help and --version stay light.
import { Command } from 'commander';
import type { Context } from '../context.js';
import type { Deps } from '../deps.js';
import { CliError } from '../errors.js';
import type * as z from 'zod/mini';
import { readGlobals } from '../globals.js';
import { exampleLines } from './help-text.js';
import { decideColours } from '../ui/color-support.js';

/** Options as commander hands them over, before a command's schema has read them. */
export type Options = Record<string, unknown>;

/**
 * What a command does, loaded only when it runs. Its options and its positional arguments are
 * read by its zod schemas before `run`, so `run` receives them typed and checked, and a test can
 * call `run` in-process with a Context over fake streams.
 */
export interface CommandModule<O = Options, A extends readonly unknown[] = readonly unknown[]> {
  optionsSchema: z.ZodMiniType<O>;
  /** The positional arguments in the order the definition declares them (a tuple). */
  argumentsSchema: z.ZodMiniType<A>;
  /** May finish at once (a command that only reads local files) or when its promise settles. */
  run(ctx: Context, args: A, options: O, command: Command): void | Promise<void>;
}

export function lazyAction<O, A extends readonly unknown[]>(deps: Deps, load: () => Promise<CommandModule<O, A>>) {
  return async (...received: unknown[]): Promise<void> => {
    const command = received.at(-1) as Command;
    // Loaded here, not at start-up: --help and --version never need it.
    const { Context } = await import('../context.js');
    const globals = readGlobals(command);
    // Colour is decided here, once per stream; chalk is loaded only when there is colour to show.
    const colours = decideColours(deps, globals.color);
    const theme = colours.stdout || colours.stderr ? (await import('../ui/theme.js')).createTheme : undefined;
    const ctx = new Context(deps, globals, colours, theme);
    const module = await load();
    const options = parseOptions(module.optionsSchema, { ...command.opts(), ...swallowedByParent(command) });
    const args = parseOptions(module.argumentsSchema, command.processedArgs);
    await module.run(ctx, args, options, command);
  };
}

/**
 * commander gives an option that a command and its parent both define to the parent, wherever it
 * stands (`agents eval merge a.json --junit x.xml` sets eval's --junit): the subcommand takes back
 * the ones the user gave.
 */
function swallowedByParent(command: Command): Options {
  const parent = command.parent;
  if (!parent) return {};
  const names = command.options.map((option) => option.attributeName());
  return Object.fromEntries(
    names
      .filter((name) => parent.getOptionValueSource(name) === 'cli' && command.getOptionValueSource(name) !== 'cli')
      .map((name) => [name, parent.getOptionValue(name) as unknown]),
  );
}

/** The first problem is the error; any others follow as details. */
export function parseOptions<O>(schema: z.ZodMiniType<O>, value: unknown): O {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [first, ...rest] = parsed.error.issues;
  throw new CliError('usage', first?.message ?? 'invalid options', { details: rest.map((issue) => issue.message) });
}

/** For an option given more than once (`-H a -H b`): every value, in order. */
export const repeatable = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Adds an "Examples" section to a command's help. */
/** The examples under a command's help, laid out only when help is shown (not on every run). */
export function withExamples(command: Command, examples: string[]): Command {
  return command.addHelpText('after', () => '\nExamples:\n' + examples.flatMap(exampleLines).join('\n') + '\n');
}

export function newCommand(name: string, summary: string): Command {
  return new Command(name).summary(summary).description(summary);
}
