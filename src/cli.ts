// The program and run(): the one place that turns an outcome into an exit code.
import { type Command as Commander, CommanderError } from 'commander';
import { annotationsOf } from './ci/annotations.js';
import {
  commandGuardedStream,
  finishCommands,
  isRegularFile,
  jsonTextFor,
  readsWorkflowCommands,
} from './ci/command-guard.js';
import { createProgram, loadSpecsOfLine } from './commands/program.js';
import { COMMANDS, GROUPS } from './commands/registry.js';
import type { Deps, OutputStream } from './deps.js';
import { CliError, errorFields, ExitCode, ExitWithCode, interrupted } from './errors.js';
import { reason } from './io/write-file.js';
import { isAbort, reportError } from './report.js';
import { decideColours, PLAIN_THEME } from './ui/color-support.js';
import { guardOutput } from './ui/guarded-output.js';
import { Exporter } from './ui/exporter.js';
import { chosenFormat, type DocumentFormat } from './definition/output-formats.js';
import { redactingStream } from './ui/redacting-stream.js';

const QUIET_EXITS = new Set(['commander.helpDisplayed', 'commander.version']);

/** Parses argv, runs the command and returns the exit code; never throws, never exits. */
export async function run(argv: string[], given: Deps): Promise<number> {
  const [guardedStdout, guardedStderr] = [guardOutput(given.stdout), guardOutput(given.stderr)];
  // Every byte a command writes passes the scrubber: no secret the run knows is printed, whoever prints it.
  const redactedStdout = redactingStream(guardedStdout, { pieces: true });
  const redactedStderr = redactingStream(guardedStderr, { pieces: false });
  // On GitHub Actions no text the CLI prints is a workflow command but its own annotations:
  // stderr always reaches the runner, stdout unless it is a regular file (ci/command-guard.ts).
  const runner = readsWorkflowCommands(given.env);
  const stderr = runner ? commandGuardedStream(redactedStderr, { framed: true }) : redactedStderr;
  const stdout =
    runner && !isRegularFile(given.stdout) ? commandGuardedStream(redactedStdout, { framed: false }) : redactedStdout;
  let code: number;
  try {
    const outcome = await runProgram(argv, withOutputs(given, stdout, stderr));
    code = outcome.code;
    // The --json contract holds for every command: a failure is one document on stdout, unless the
    // command already printed its own (invoke's, apply's and others carry their error inside).
    if (outcome.failure && outcome.format && !stdout.wroteAnything())
      Exporter.failure(stdout, outcome.failure, outcome.format.failure, jsonTextFor(stdout));
  } finally {
    finishCommands(stdout);
    stdout.flushRedacted();
  }
  await guardedStdout.settled();
  const broken = guardedStdout.writeFailure();
  if (broken) stderr.write(`error: cannot write to stdout: ${reason(broken)}\n`);
  finishCommands(stderr);
  return broken ? ExitCode.output : code;
}

/**
 * The deps with the guarded outputs. Copied property by property, not spread: a spread would
 * call main.ts's stdin getter, and making process.stdin costs ~2 ms that most commands never use.
 */
function withOutputs(given: Deps, stdout: OutputStream, stderr: OutputStream): Deps {
  return Object.defineProperties(Object.defineProperties({}, Object.getOwnPropertyDescriptors(given)), {
    stdout: { value: stdout, enumerable: true },
    stderr: { value: stderr, enumerable: true },
  }) as Deps;
}

/** The error document of --json (docs/json/error.schema.json). */
type Failure = { kind: string; message: string; exitCode: number };

interface Outcome {
  code: number;
  failure?: Failure;
  /** The document format on the line as commander read it (after `--` it is an argument, not a flag). */
  format: DocumentFormat | undefined;
}

async function runProgram(argv: string[], deps: Deps): Promise<Outcome> {
  // The colour of an error commander reports: decided before any flag is read, from the terminal
  // and the environment (NO_COLOR, FORCE_COLOR, CI); chalk is loaded only when there is colour.
  const colour = decideColours(deps, true).stderr;
  const theme = colour ? (await import('./ui/theme.js')).createTheme(true) : PLAIN_THEME;
  const errTheme = () => (program.opts<{ color?: unknown }>().color === false ? PLAIN_THEME : theme);
  await loadSpecsOfLine(argv, COMMANDS, GROUPS);
  const program: Commander = createProgram(deps, errTheme, COMMANDS, GROUPS);
  const line = () => ({ format: chosenFormat(program.opts())?.format });
  const debug = () => program.opts<{ debug?: unknown }>().debug === true;
  try {
    await program.parseAsync(argv, { from: 'user' });
    return { code: ExitCode.ok, ...line() };
  } catch (error) {
    if (error instanceof ExitWithCode) return { code: error.code, ...line() };
    if (error instanceof CommanderError) return commanderOutcome(error, line());
    const annotations = annotationsOf(deps.stderr, deps.env);
    const code = reportError(error, { stderr: deps.stderr, theme: errTheme(), debug: debug(), annotations });
    const stop = error instanceof CliError ? error : isAbort(error) ? interrupted() : undefined;
    const failure: Failure = stop
      ? errorFields(stop)
      : {
          kind: 'unexpected',
          message: error instanceof Error ? error.message : String(error),
          exitCode: code,
        };
    return { code, failure, ...line() };
  }
}

/** commander has written its own line to stderr already. */
function commanderOutcome(error: CommanderError, line: Pick<Outcome, 'format'>): Outcome {
  if (QUIET_EXITS.has(error.code) || (error.code === 'commander.help' && error.exitCode === 0))
    return { code: ExitCode.ok, ...line };
  return {
    code: ExitCode.usage,
    failure: { kind: 'usage', message: error.message.replace(/^error: /, ''), exitCode: ExitCode.usage },
    ...line,
  };
}
