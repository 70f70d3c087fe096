// The commander program and run(): the one place that turns an outcome into an exit code.
import { Command, CommanderError } from 'commander';
import { redactingStream } from './ui/redacting-stream.js';
import { guardOutput } from './ui/guarded-output.js';
import { reason } from './io/write-file.js';
import { applyCommand } from './commands/apply/apply.js';
import { evalCommand } from './commands/eval/eval.js';
import { attachCommand, attachCommandName } from './commands/attach/attach.js';
import { chatCommand } from './commands/chat/chat.js';
import { completionCommand } from './commands/completion/completion.js';
import { configCommand } from './commands/config/config.js';
import { createCommand } from './commands/create/create.js';
import { deleteCommand } from './commands/delete/delete.js';
import { detachCommand, detachCommandName } from './commands/detach/detach.js';
import { diffCommand } from './commands/diff/diff.js';
import { emulatorCommand } from './commands/emulator/emulator.js';
import { exportCommand } from './commands/export/export.js';
import { getCommand } from './commands/get/get.js';
import { helpCommand } from './commands/help/help.js';
import { withExamples } from './commands/define.js';
import { invokeCommand } from './commands/invoke/invoke.js';
import { listCommand } from './commands/list/list.js';
import { loginCommand } from './commands/login/login.js';
import { keysCommand } from './commands/keys/keys.js';
import { signupCommand } from './commands/signup/signup.js';
import { whoamiCommand } from './commands/whoami/whoami.js';
import { apiCommand } from './commands/api/api.js';
import { modelsCommand } from './commands/models/models.js';
import { mcpCommand } from './commands/mcp/mcp.js';
import { logoutCommand } from './commands/logout/logout.js';
import { statusCommand } from './commands/status/status.js';
import { resourceCommand } from './commands/resource/resource.js';
import { updateCommand } from './commands/update/update.js';
import type { Deps } from './deps.js';
import { CliError, errorFields, ExitCode, ExitWithCode } from './errors.js';
import { ATTACH_KINDS, ATTACHABLE } from './resources/registry.js';
import { addGlobalOptions } from './globals.js';
import { reportError } from './report.js';
import { decideColours, PLAIN_THEME, type Theme } from './ui/color-support.js';
import { VERSION } from './version.js';

/**
 * The program. Given the command line, it builds only the command that line names (with the
 * global flags and `help`): building all 58 cost every run about 4 ms on Node 20. A line that
 * names none plainly, `help` and `completion` (which read the whole tree) get them all.
 */
export function createProgram(deps: Deps, errTheme: Theme = PLAIN_THEME, argv?: readonly string[]): Command {
  const program = new Command('agents')
    .description('Create, configure and invoke AI agents on an Agent Management Service.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true);
  addGlobalOptions(program);

  const commands = topLevelCommands(deps);
  const word = argv && commandWord(program, argv);
  const named = WHOLE_PROGRAM.has(word ?? '') ? undefined : commands.find(([name]) => name === word);
  for (const [, make] of named ? [named] : commands) program.addCommand(make());
  program.helpCommand(false).addCommand(helpCommand(deps));

  withExamples(program, [
    'agents emulator --port 0   # a local stand-in for the service; Ctrl-C stops it',
    'printf %s "$AGENTS_TOKEN" | agents login --base-url "$AGENTS_BASE_URL" --token-stdin',
    'agents create --name "Docs bot" --description "answers doc questions" --llm-model GPT_4_TURBO --if-missing',
    'agents add-tool "Docs bot" weather',
  ]);
  program.addHelpText(
    'after',
    '`agents <command> --help` shows the flags of a command; `agents help exit-codes`\nand `agents help environment` show the rest.\n',
  );
  applyToAll(program, (command) => {
    // Every command's --help lists the global flags too (commander copies settings only to .command() children).
    command.configureHelp({
      showGlobalOptions: true,
      sortSubcommands: false,
      // The list of every command shows names, as gh and kubectl do: with their arguments the
      // widest term left commander too little room to wrap the descriptions into 80 columns.
      ...(command === program ? { subcommandTerm: (sub: Command) => sub.name() } : {}),
    });
    command.exitOverride();
    command.configureOutput({
      writeOut: (text) => void deps.stdout.write(text),
      writeErr: (text) => void deps.stderr.write(text),
      outputError: (text, write) => write(errTheme.error(text)),
    });
    command.showHelpAfterError(`(run \`${commandPath(command)} --help\` for usage)`);
  });
  return program;
}

/** Each top-level command by the word that runs it, made only when asked for (in help's order). */
export function topLevelCommands(deps: Deps): [name: string, make: () => Command][] {
  return [
    ['create', () => createCommand(deps)],
    ['update', () => updateCommand(deps)],
    ['invoke', () => invokeCommand(deps)],
    ['chat', () => chatCommand(deps)],
    ...ATTACH_KINDS.map((kind): [string, () => Command] => [attachCommandName(kind), () => attachCommand(deps, kind)]),
    ...ATTACH_KINDS.map((kind): [string, () => Command] => [detachCommandName(kind), () => detachCommand(deps, kind)]),
    ['list', () => listCommand(deps)],
    ['get', () => getCommand(deps)],
    ['delete', () => deleteCommand(deps)],
    ...ATTACHABLE.map((resource): [string, () => Command] => [resource.plural, () => resourceCommand(deps, resource)]),
    ['apply', () => applyCommand(deps)],
    ['diff', () => diffCommand(deps)],
    ['export', () => exportCommand(deps)],
    ['eval', () => evalCommand(deps)],
    ['login', () => loginCommand(deps)],
    ['logout', () => logoutCommand(deps)],
    ['signup', () => signupCommand(deps)],
    ['whoami', () => whoamiCommand(deps)],
    ['keys', () => keysCommand(deps)],
    ['api', () => apiCommand(deps)],
    ['status', () => statusCommand(deps)],
    ['config', () => configCommand(deps)],
    ['models', () => modelsCommand(deps)],
    ['mcp', () => mcpCommand(deps)],
    ['emulator', () => emulatorCommand(deps)],
    ['completion', () => completionCommand(deps)],
  ];
}

/** Commands that read the whole tree: completion writes a script of every command. */
const WHOLE_PROGRAM = new Set(['completion']);

/**
 * The word that names the command on this line: the first that is not a global flag or its
 * value. Undefined when anything else comes first (`-h`, an unknown flag, `--`): commander then
 * answers with every command known, for its help and its suggestions.
 */
export function commandWord(program: Command, argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-') || arg === '-') return arg;
    const [flag, value] = arg.split(/=(.*)/s);
    const option = program.options.find((o) => o.long === flag || o.short === flag);
    if (!option || option.optional) return undefined;
    if (option.required && value === undefined) i++;
  }
  return undefined;
}

function applyToAll(command: Command, apply: (command: Command) => void): void {
  apply(command);
  for (const sub of command.commands) applyToAll(sub, apply);
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

const QUIET_EXITS = new Set(['commander.helpDisplayed', 'commander.version']);

/** Parses argv, runs the command and returns the exit code; never throws, never exits. */
export async function run(argv: string[], given: Deps): Promise<number> {
  const [guardedStdout, guardedStderr] = [guardOutput(given.stdout), guardOutput(given.stderr)];
  // Every byte a command writes passes the scrubber: no secret the run knows is printed, whoever prints it.
  const stdout = redactingStream(guardedStdout, { pieces: true });
  const stderr = redactingStream(guardedStderr, { pieces: false });
  let code: number;
  try {
    const outcome = await runProgram(argv, { ...given, stdout, stderr });
    code = outcome.code;
    // The --json contract holds for every command: a failure is one document on stdout, unless the
    // command already printed its own (invoke's, apply's and others carry their error inside).
    if (outcome.failure && argv.includes('--json') && !stdout.wroteAnything())
      stdout.write(JSON.stringify({ error: outcome.failure }, null, 2) + '\n');
  } finally {
    stdout.flushRedacted();
  }
  await guardedStdout.settled();
  const broken = guardedStdout.writeFailure();
  if (!broken) return code;
  stderr.write(`error: cannot write to stdout: ${reason(broken)}\n`);
  return ExitCode.output;
}

/** The error document of --json (docs/json/error.schema.json). */
type Failure = { kind: string; message: string; exitCode: number };

async function runProgram(argv: string[], deps: Deps): Promise<{ code: number; failure?: Failure }> {
  const debug = argv.includes('--debug');
  // chalk is loaded only when there is colour to show.
  const colour = decideColours(deps, !argv.includes('--no-color')).stderr;
  const theme = colour ? (await import('./ui/theme.js')).createTheme(true) : PLAIN_THEME;
  const program = createProgram(deps, theme, argv);
  try {
    await program.parseAsync(withoutHelpForUnknownCommand(program, argv), { from: 'user' });
    return { code: ExitCode.ok };
  } catch (error) {
    if (error instanceof ExitWithCode) return { code: error.code };
    if (error instanceof CommanderError) {
      if (QUIET_EXITS.has(error.code)) return { code: ExitCode.ok };
      if (
        (error.code === 'commander.help' || error.code === 'commander.executeSubCommandAsync') &&
        error.exitCode === 0
      )
        return { code: ExitCode.ok };
      // commander has written its own line to stderr already.
      return {
        code: ExitCode.usage,
        failure: { kind: 'usage', message: error.message.replace(/^error: /, ''), exitCode: ExitCode.usage },
      };
    }
    const code = reportError(error, { stderr: deps.stderr, theme, debug });
    const failure: Failure =
      error instanceof CliError
        ? errorFields(error)
        : {
            kind: code === ExitCode.interrupted ? 'interrupted' : 'unexpected',
            message: error instanceof Error ? error.message : String(error),
            exitCode: code,
          };
    return { code, failure };
  }
}

const HELP_FLAGS = new Set(['--help', '-h']);

/** Whether a command runs by itself, not only holds others (commander keeps no public flag for it). */
export const hasAction = (command: Command) =>
  Boolean((command as unknown as { _actionHandler?: unknown })._actionHandler);

/**
 * commander answers `--help` before it looks at the command, so `agents llms delete --help` would
 * print the help of `llms` and exit 0, as if `delete` existed. When a word names no subcommand of
 * a command that has only subcommands, the help flags go and commander reports the unknown command
 * (exit 2, with its suggestion).
 */
function withoutHelpForUnknownCommand(program: Command, argv: string[]): string[] {
  if (!argv.some((arg) => HELP_FLAGS.has(arg))) return argv;
  let command = program;
  const takesValue = (flag: string) =>
    [command, program].some((c) =>
      c.options.some(
        (option) => (option.long === flag || option.short === flag) && (option.required || option.optional),
      ),
    );
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg.startsWith('-')) {
      if (!arg.includes('=') && takesValue(arg)) i++;
      continue;
    }
    if (!command.commands.length) break;
    const next = command.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    // `eval` runs itself and has subcommands too: another word is its own business.
    if (!next && hasAction(command)) break;
    if (!next) return argv.filter((a) => !HELP_FLAGS.has(a));
    command = next;
  }
  return argv;
}
