// commander's program, made from the registry through commander's public API alone. Every command
// is a stub (its name) until commander dispatches to it: then its spec is loaded and its options,
// arguments, help and action are added from it (a preSubcommand hook), so a run loads and builds
// one command, not all of them. A line that may show the help of a group or of the program (no
// command on it, or a word that names none) loads every spec first: help lists their summaries.
// The action reads the options through the specs (options.ts), makes the Context and runs the
// command's run, loaded then.
import { Argument, Command as Commander, Help, Option } from 'commander';
import type { Deps } from '../deps.js';
import { CliError } from '../errors.js';
import { GLOBAL_FLAGS, type GlobalOptions } from '../definition/global-flags.js';
import { decideColours } from '../ui/color-support.js';
import { chosenFormat } from '../definition/output-formats.js';
import type { Theme } from '../ui/theme.js';
import { VERSION } from '../version.js';
import { loadZod } from '../util/zod.js';
import { loadSpecs, type Command } from './command.js';
import { narrowed } from './run-context.js';
import { commandTree, type Group, type Node } from './tree.js';
import { exampleLines } from './help-text.js';
import { flagName, longFlag, readFlags, readOptions } from './options.js';
import type { Arg, Flag } from '../definition/define.js';

const PROGRAM_EXAMPLES = [
  'agents emulator --port 0   # a local stand-in for the service; Ctrl-C stops it',
  'printf %s "$AGENTS_TOKEN" | agents login --base-url "$AGENTS_BASE_URL" --token-stdin',
  'agents create --name "Docs bot" --description "answers doc questions" --llm-model GPT_4_TURBO --if-missing',
  'agents add-tool "Docs bot" weather',
];

export function createProgram(
  deps: Deps,
  errTheme: () => Theme,
  commands: readonly Command[],
  groups: Readonly<Record<string, Group>>,
): Commander {
  const program = new Commander('agents')
    .description('Create, configure and invoke AI agents on an Agent Management Service.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true);
  for (const [key, flag] of Object.entries(GLOBAL_FLAGS))
    for (const option of optionsOf(key, flag)) program.addOption(option);
  configure(program, deps, errTheme);
  withExamples(program, PROGRAM_EXAMPLES);
  program.addHelpText(
    'after',
    '`agents <command> --help` shows the flags of a command; `agents help exit-codes`\nand `agents help environment` show the rest.\n',
  );
  const tree = commandTree(commands, groups);
  const build = (parent: Commander, node: Node) => {
    for (const child of node.children) {
      const stub = new Commander(child.name).summary(summaryOf(child));
      parent.addCommand(stub);
      configure(stub, deps, errTheme);
      described.set(stub, { node: child, fill: () => fill(stub, child, deps, { root: program, commands, groups }) });
      build(stub, child);
    }
    if (node.children.length > 0)
      parent.hook('preSubcommand', async (self, sub) => {
        // A command that runs and has subcommands (`eval`) stays unfilled when one of them follows
        // it: its own flags would take the subcommand's (`eval report r.json --summary` said
        // `agents eval --help`).
        if (!followedByItsSubcommand(self, sub)) await fillCommand(sub);
      });
  };
  build(program, tree);
  described.set(program, { node: tree, fill: undefined });
  return program;
}

/** Whether the word after `sub` on `parent`'s line names one of `sub`'s own subcommands. */
function followedByItsSubcommand(parent: Commander, sub: Commander): boolean {
  const next = parent.args[parent.args.indexOf(sub.name()) + 1];
  return next !== undefined && sub.commands.some((child) => child.name() === next);
}

/**
 * Loads the specs of every command on the line, or of all of them when the line may show the help
 * of a group or of the program; the others stay unloaded.
 */
export async function loadSpecsOfLine(
  argv: readonly string[],
  commands: readonly Command[],
  groups: Readonly<Record<string, Group>>,
): Promise<void> {
  let node = commandTree(commands, groups);
  const valueFlags = new Set(
    Object.entries(GLOBAL_FLAGS).flatMap(([key, flag]) => (flag.type === 'value' ? [longFlag(key)] : [])),
  );
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') break;
    if (word.startsWith('-')) {
      if (valueFlags.has(word)) i++; // its value, never a command's name
      continue;
    }
    const child = node.children.find((each) => each.name === word);
    if (!child) break;
    node = child;
    if (node.children.length === 0) return void (await node.command?.loadSpec());
  }
  await loadSpecs(commands);
}

/**
 * Adds a command's options, arguments, help and action, its spec loaded first: when it runs, or
 * when `agents help` shows it (`forHelp`: with its subcommands' summaries).
 */
export async function fillCommand(command: Commander, forHelp = false): Promise<Commander> {
  const entry = described.get(command);
  if (!entry) return command;
  const fill = entry.fill;
  entry.fill = undefined;
  await fill?.();
  if (forHelp) {
    await loadSpecs(entry.node.children.flatMap((child) => child.command ?? []));
    entry.node.children.forEach((child, index) => command.commands[index]?.summary(summaryOf(child)));
  }
  return command;
}

/** Each command of the program: its node, and what fills it until it is filled. */
const described = new WeakMap<Commander, { node: Node; fill: (() => Promise<void>) | undefined }>();

function summaryOf(node: Node): string {
  return (node.command?.specLoaded ? node.command.spec.summary : undefined) ?? node.group?.summary ?? '';
}

/** The program a run belongs to: help and completion describe it. */
interface Program {
  root: Commander;
  commands: readonly Command[];
  groups: Readonly<Record<string, Group>>;
}

async function fill(target: Commander, node: Node, deps: Deps, program: Program): Promise<void> {
  const spec = await node.command?.loadSpec();
  target.description(spec?.description ?? node.group?.description ?? summaryOf(node));
  if (spec) {
    for (const arg of spec.args) target.addArgument(argumentOf(arg));
    for (const [key, flag] of Object.entries(spec.flags))
      for (const option of optionsOf(key, flag)) target.addOption(option);
    if (spec.helpAfter) target.addHelpText('after', spec.helpAfter);
    withExamples(target, spec.examples);
    target.action(async (...received: unknown[]) =>
      runCommand(node.command!, received.at(-1) as Commander, deps, program),
    );
  } else {
    withExamples(target, node.group?.examples ?? []);
  }
}

/**
 * commander answers --help before it looks for a subcommand, so `agents llms delete --help` would
 * print the help of llms and exit 0, as if delete existed. A command's help is refused when the
 * first word commander found after it (its public `args`) names none of its subcommands.
 */
function refuseHelpForUnknownWord(command: Commander): void {
  if (command.commands.length === 0) return;
  const word = command.args.find((arg) => !arg.startsWith('-'));
  if (word === undefined || command.commands.some((sub) => sub.name() === word || sub.aliases().includes(word))) return;
  const near = command.commands.map((sub) => sub.name()).filter((name) => closeTo(word, name));
  command.error(`error: unknown command '${word}'${near.length ? `\n(Did you mean ${near.join(', ')}?)` : ''}`, {
    code: 'commander.unknownCommand',
    exitCode: 2,
  });
}

/** Whether `word` is a typo of `name`: at most two edits apart (commander's suggestion rule). */
function closeTo(word: string, name: string): boolean {
  const row = Array.from({ length: name.length + 1 }, (_v, i) => i);
  for (let i = 1; i <= word.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= name.length; j++) {
      const saved = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (word[i - 1] === name[j - 1] ? 0 : 1));
      previous = saved;
    }
  }
  return row[name.length]! <= Math.max(1, Math.min(2, Math.floor(name.length / 3)));
}

function configure(command: Commander, deps: Deps, errTheme: () => Theme): void {
  command.configureHelp({
    showGlobalOptions: true,
    sortSubcommands: false,
    // The global options are the program's: a subcommand's help does not list its parent's flags.
    visibleGlobalOptions: (cmd: Commander) => {
      let root = cmd;
      while (root.parent) root = root.parent;
      return root === cmd ? [] : root.options.filter((option) => !option.hidden);
    },
    // A list of commands shows names, as gh and kubectl do: with their arguments the widest term
    // left commander too little room to wrap the descriptions into 80 columns.
    subcommandTerm: (sub: Commander) => sub.name(),
    formatHelp: (cmd: Commander, helper: Help) => {
      refuseHelpForUnknownWord(cmd);
      return Help.prototype.formatHelp.call(helper, cmd, helper);
    },
  });
  command.exitOverride();
  command.configureOutput({
    writeOut: (text) => void deps.stdout.write(text),
    writeErr: (text) => void deps.stderr.write(text),
    outputError: (text, write) => write(errTheme().error(text)),
  });
  command.showHelpAfterError(`(run \`${pathOf(command)} --help\` for usage)`);
}

const pathOf = (command: Commander): string => {
  const names: string[] = [];
  for (let c: Commander | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
};

/** The commander options of a flag: one, or two for a switch with a --no- form. */
function optionsOf(key: string, flag: Flag): Option[] {
  const long = longFlag(key);
  const named = (syntax: string) => (flag.short ? `${flag.short}, ${syntax}` : syntax);
  let options: Option[];
  switch (flag.type) {
    case 'switch':
      options = flag.negative
        ? [new Option(named(flagName(key, flag)), flag.help)]
        : [
            new Option(named(long), flag.help),
            ...(flag.negatable ? [new Option(`--no-${long.slice(2)}`, `the opposite of ${long}`)] : []),
          ];
      break;
    case 'value': {
      // A variable that gives the value is named, as the global flags name theirs.
      const help = flag.env === undefined ? flag.help : `${flag.help} (env ${flag.env})`;
      const option = new Option(named(`${long} <${flag.placeholder}>`), help);
      // Shown in help, and kept apart from a given value: options.ts reads a variable before it.
      if (flag.default !== undefined) option.default(flag.default, flag.default);
      options = [option, ...(flag.negatable ? [new Option(`--no-${long.slice(2)}`, flag.negatable)] : [])];
      break;
    }
    case 'list':
      options = [
        new Option(named(`${long} <${flag.placeholder}>`), flag.help).argParser(
          (value: string, previous: string[] = []) => [...previous, value],
        ),
      ];
      break;
  }
  for (const option of options) {
    if (flag.hidden) option.hideHelp();
    if (flag.conflicts) option.conflicts(flag.conflicts as string[]);
  }
  return options;
}

function argumentOf(arg: Arg): Argument {
  const name = `${arg.label ?? arg.name}${arg.variadic ? '...' : ''}`;
  return new Argument(arg.required ? `<${name}>` : `[${name}]`, arg.help);
}

/** The global flags as this line gave them, read by their specs (a bad --timeout is exit 2 here). */
function readGlobals(command: Commander): GlobalOptions {
  let root = command;
  while (root.parent) root = root.parent;
  return readFlags(GLOBAL_FLAGS, root, {}) as GlobalOptions;
}

async function runCommand(command: Command, target: Commander, deps: Deps, program: Program): Promise<void> {
  await loadZod(); // the readers of the flags build their schemas now
  const globals = readGlobals(target);
  // Colour is decided here, once per stream; chalk is loaded only when there is colour to show.
  const colours = decideColours(deps, globals.color);
  const theme = colours.stdout || colours.stderr ? (await import('../ui/theme.js')).createTheme : undefined;
  const { Context } = await import('../context.js');
  const ctx = new Context(deps, globals, colours, theme, {
    root: program.root,
    completionShape: async () => {
      await loadSpecs(program.commands);
      return (await import('./completion/shape.js')).programShape(program.commands, program.groups);
    },
  });
  const options = readOptions(command.spec, target, deps.env);
  const chosen = chosenFormat(globals);
  if (chosen && command.spec.noJson && !chosen.format.ignoredWithoutDocument)
    throw new CliError(
      'usage',
      `${longFlag(chosen.name)}: agents ${command.spec.path} has no JSON document (${command.spec.noJson})`,
    );
  // A format that checks its value (a jq expression) does so now, before any request.
  if (chosen && !command.spec.noJson) ctx.out.writeWith(await chosen.format.load(chosen.value));
  const run = await command.load();
  await run(options, narrowed(ctx, command.spec.uses ?? []));
}

/** The examples under a command's help, laid out only when help is shown. */
function withExamples(command: Commander, examples: readonly string[]): void {
  if (examples.length === 0) return;
  command.addHelpText('after', () => '\nExamples:\n' + examples.flatMap(exampleLines).join('\n') + '\n');
}
