// Glue between commander (syntax, help) and the command implementations (meaning),
// which are loaded only when their command runs, so --help and --version stay light.
import { Command } from 'commander';
import type { Context } from '../context.js';
import type { Deps } from '../deps.js';
import { readGlobals } from '../globals.js';
import { colorEnabled } from '../ui/color-support.js';

export type Options = Record<string, unknown>;

export interface CommandModule {
  run(ctx: Context, args: unknown[], options: Options, command: Command): Promise<void>;
}

export function lazyAction(deps: Deps, load: () => Promise<CommandModule>) {
  return async (...received: unknown[]): Promise<void> => {
    const command = received.at(-1) as Command;
    // Loaded here, not at start-up: --help and --version never need it.
    const { Context } = await import('../context.js');
    const globals = readGlobals(command);
    // chalk is loaded only when there is colour to show (a script's pipes have none).
    const coloured = colorEnabled(deps.stderr, deps.env, globals.color) || colorEnabled(deps.stdout, deps.env, globals.color);
    const theme = coloured ? (await import('../ui/theme.js')).createTheme : undefined;
    const ctx = new Context(deps, globals, theme);
    const module = await load();
    await module.run(ctx, command.processedArgs, command.opts(), command);
  };
}

/** Adds an "Examples" section to a command's help. */
export function withExamples(command: Command, examples: string[]): Command {
  return command.addHelpText('after', '\nExamples:\n' + examples.map((line) => `  $ ${line}`).join('\n') + '\n');
}

export function newCommand(name: string, summary: string): Command {
  return new Command(name).summary(summary).description(summary);
}
