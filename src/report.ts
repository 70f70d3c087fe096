// The one place that turns a failure into a message on stderr and an exit code.
import { adviceFor } from './advice.js';
import { annotateProblems, type Annotations } from './ci/annotations.js';
import { CliError, ExitCode, interrupted } from './errors.js';
import type { OutputStream } from './deps.js';
import { escapeControls as safe } from './ui/safe-text.js';
import type { Theme } from './ui/theme.js';

export interface ReportTarget {
  stderr: OutputStream;
  theme: Theme;
  debug: boolean;
  /** On GitHub Actions: a file's problems are also annotations at their lines. */
  annotations?: Annotations;
}

export function reportError(error: unknown, target: ReportTarget): number {
  const { stderr, theme, debug } = target;
  const write = (line: string) => void stderr.write(line + '\n'); // secrets: the stream scrubs (cli.ts)

  if (error instanceof CliError) {
    if (error.kind === 'interrupted') {
      write(theme.muted(error.message));
      return error.exitCode;
    }
    // Messages carry the service's own words: escaped before they reach a terminal, each on one
    // line, so a service's "\n" cannot forge a line of ours.
    write(theme.error('error: ') + safe(error.message));
    for (const detail of error.details) write('  ' + safe(detail));
    const advice = adviceFor(error);
    if (advice) write(theme.muted(safe(advice)));
    annotateProblems(target.annotations, error.message, error.locations);
    if (debug && error.cause instanceof CliError) write(theme.muted(`the service said: ${safe(error.cause.message)}`));
    else if (debug && error.cause instanceof Error && error.cause.stack) write(theme.muted(error.cause.stack));
    return error.exitCode;
  }

  if (isAbort(error)) {
    const stop = interrupted();
    write(theme.muted(stop.message));
    return stop.exitCode;
  }

  const message = error instanceof Error ? error.message : String(error);
  write(theme.error('error: ') + `unexpected failure: ${safe(message)}`);
  if (debug && error instanceof Error && error.stack) write(theme.muted(error.stack));
  else write(theme.muted('Run again with --debug for details, and report it if it persists.'));
  return ExitCode.failure;
}

/** An abort that escaped as itself (an AbortError, not a CliError): Ctrl-C, SIGTERM or SIGHUP. */
export function isAbort(error: unknown): boolean {
  const e = error as { name?: string; code?: string } | null;
  return e?.name === 'AbortError' || e?.code === 'ABORT_ERR';
}
