// Typed failures and the one table of exit codes. Commands throw these; only the
// entry point turns them into a message and a process exit code (see report.ts).

export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  unreachable: 3,
  auth: 4,
  notFound: 5,
  schemaMismatch: 6,
  diffFailure: 7,
  output: 8,
  hangup: 129,
  interrupted: 130,
  terminated: 143,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** What each code means, once: `agents help exit-codes` prints it and a test holds README's table to it. */
export const EXIT_CODE_MEANINGS: ReadonlyArray<readonly [ExitCodeValue, string]> = [
  [ExitCode.ok, 'success'],
  [
    ExitCode.failure,
    'the service failed or answered something unusable (5xx, bad body, event: error); agents eval: a case failed; a confirmation answered No (nothing was done)',
  ],
  [
    ExitCode.usage,
    'invalid input: bad flags, missing values off a terminal, unreadable file or config, or the service rejected the request as invalid (400/422)',
  ],
  [ExitCode.unreachable, 'could not reach the service: DNS, refused, TLS, timeout'],
  [
    ExitCode.auth,
    "authentication or permission (401, 402, 403), or no token configured; the real service's bare 500 for a token it cannot read",
  ],
  [ExitCode.notFound, "not found (404, or the real service's 500 for a missing agent)"],
  [ExitCode.schemaMismatch, 'the structured output did not match --output-schema'],
  [ExitCode.diffFailure, 'agents diff only: a failure other commands report as 1'],
  [
    ExitCode.output,
    'could not write the output: stdout or a file the command writes (a full disk, a broken device); never 1, which means the service or a case failed',
  ],
  [ExitCode.hangup, 'SIGHUP (the terminal closed): stopped as Ctrl-C stops, and the process dies of the signal'],
  [ExitCode.interrupted, 'interrupted (Ctrl-C)'],
  [
    ExitCode.terminated,
    'SIGTERM (`timeout`, a CI job cancelled): stopped as Ctrl-C stops, and the process dies of the signal',
  ],
];

export type ErrorKind =
  | 'usage' // bad flags, missing values, unreadable input (2)
  | 'invalid-request' // the service rejected the request as invalid: 400/422 (2)
  | 'config' // the config or state file is unusable (2)
  | 'busy' // another agents process held a config or state lock too long (1)
  | 'auth' // 401/403/402 or no token configured (4)
  | 'not-found' // 404, or the real service's 500 for a missing record (5)
  | 'conflict' // 409 (1)
  | 'rate-limited' // 429 after the retries ran out (1)
  | 'server' // 5xx (1)
  | 'bad-response' // a body we cannot use (1)
  | 'stream' // event: error, or a stream that broke (1)
  | 'unreachable' // DNS, refused, TLS, reset (3)
  | 'timeout' // connect, first byte or idle timeout (3)
  | 'schema-mismatch' // --output-schema validation failed (6)
  | 'diff-failure' // agents diff: a failure other commands report as 1 (7)
  | 'output' // stdout or an output file could not be written: ENOSPC, EIO, EBADF (8)
  | 'declined' // the user answered No to a confirmation: nothing was done, nothing interrupted (1)
  | 'interrupted'; // Ctrl-C (130)

const exitCodeOfKind: Record<ErrorKind, ExitCodeValue> = {
  usage: ExitCode.usage,
  'invalid-request': ExitCode.usage,
  config: ExitCode.usage,
  busy: ExitCode.failure,
  auth: ExitCode.auth,
  'not-found': ExitCode.notFound,
  conflict: ExitCode.failure,
  'rate-limited': ExitCode.failure,
  server: ExitCode.failure,
  'bad-response': ExitCode.failure,
  stream: ExitCode.failure,
  unreachable: ExitCode.unreachable,
  timeout: ExitCode.unreachable,
  'schema-mismatch': ExitCode.schemaMismatch,
  'diff-failure': ExitCode.diffFailure,
  output: ExitCode.output,
  declined: ExitCode.failure,
  interrupted: ExitCode.interrupted,
};

/**
 * What the transport saw, beyond the kind. The transport states it and words no advice: what to do
 * next is chosen where the error is printed (advice.ts), from the kind and this.
 */
export type Circumstance =
  | { type: 'proxy-unreachable'; variable: string }
  | { type: 'proxy-closed'; variable: string }
  | { type: 'proxy-silent'; variable: string }
  | { type: 'proxy-not-a-url' }
  | { type: 'refused' }
  | { type: 'dns' }
  | { type: 'plain-http' }
  | { type: 'connect-timeout' }
  /** No answer, or not all of it, within --timeout. */
  | { type: 'slow' }
  | { type: 'redirect' }
  /** A 404 for the route, not the record: the address is wrong (response-errors.ts). */
  | { type: 'route-missing' }
  /** A 200 stream with nothing the CLI understands in it. */
  | { type: 'unreadable-stream' }
  /** The connection dropped mid-answer. */
  | { type: 'dropped' }
  /** The real service's bare 500, after one request told whether it accepts the token. */
  | { type: 'bare-500'; tokenAccepted: boolean }
  /** A record of this kind is not there; `command` lists the ones that are. */
  | { type: 'missing'; noun: string; command: string }
  /** A record to link to an agent is not there (or, `agentToo`, the agent may be the one missing). */
  | { type: 'missing-link'; noun: string; agentToo: boolean }
  /** The service could not tell the provider of this model by itself. */
  | { type: 'provider-unknown'; model: string | undefined }
  /** Rate limited or unavailable, with a Retry-After longer than the CLI waits by itself. */
  | { type: 'told-to-wait'; seconds: number };

export interface CliErrorOptions {
  /** What to do next, shown on a second line (after any advice for the circumstance). */
  hint?: string;
  /** Extra lines shown under the message (e.g. one per invalid field). */
  details?: readonly string[];
  circumstance?: Circumstance;
  cause?: unknown;
  /** The problems of a file the user gave, each at its line: annotations on GitHub Actions point there. */
  locations?: readonly Located[];
}

/** A problem at a place in a file, as messages write it: "evals.yaml:12". */
export interface Located {
  where: string;
  message: string;
}

/** A failure, never changed once made: a layer that knows more makes a copy (withHint). */
export class CliError extends Error {
  readonly kind: ErrorKind;
  readonly hint: string | undefined;
  readonly details: readonly string[];
  readonly circumstance: Circumstance | undefined;
  readonly locations: readonly Located[];

  constructor(kind: ErrorKind, message: string, options: CliErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CliError';
    this.kind = kind;
    this.hint = options.hint;
    this.details = options.details ?? [];
    this.circumstance = options.circumstance;
    this.locations = options.locations ?? [];
  }

  get exitCode(): ExitCodeValue {
    if (this.kind === 'interrupted' && terminatedBy) return TERMINATION_CODES[terminatedBy];
    return exitCodeOfKind[this.kind];
  }

  /** A copy of this error (its class, kind, status and circumstance) with some of what it says changed. */
  with(changes: {
    message?: string;
    details?: readonly string[];
    hint?: string;
    locations?: readonly Located[];
  }): this {
    const copy = Object.create(Object.getPrototypeOf(this) as object, Object.getOwnPropertyDescriptors(this)) as this;
    for (const [name, value] of Object.entries(changes))
      Object.defineProperty(copy, name, { value, enumerable: name !== 'message' });
    return copy;
  }

  /** A copy with one more sentence of hint. */
  withHint(more: string): this {
    return this.with({ hint: [this.hint, more].filter(Boolean).join(' ') });
  }
}

/** The error part of a --json or --events document. */
export function errorFields(error: CliError): { kind: ErrorKind; message: string; exitCode: number } {
  return { kind: error.kind, message: error.message, exitCode: error.exitCode };
}

export interface ApiErrorOptions extends CliErrorOptions {
  /** The body was not JSON (the real service's bare "Internal Server Error"). */
  plainText?: boolean;
}

/** An HTTP answer the CLI treats as a failure, with the service's own message. */
export class ApiError extends CliError {
  readonly status: number;
  readonly plainText: boolean;

  constructor(kind: ErrorKind, status: number, message: string, options: ApiErrorOptions = {}) {
    super(kind, message, options);
    this.name = 'ApiError';
    this.status = status;
    this.plainText = options.plainText ?? false;
  }
}

/** Ctrl-C, said one way wherever it is noticed (report.ts prints it as a muted word, exit 130). */
export type TerminationSignal = 'SIGTERM' | 'SIGHUP';
const TERMINATION_CODES: Record<TerminationSignal, ExitCodeValue> = {
  SIGTERM: ExitCode.terminated,
  SIGHUP: ExitCode.hangup,
};
// Set once by the entry point when the process is told to end: every interruption from then on is that.
let terminatedBy: TerminationSignal | undefined;

/** The entry point received SIGTERM or SIGHUP: interruptions say so and carry its code (143, 129). */
export function noteTermination(signal: TerminationSignal): void {
  terminatedBy ??= signal;
}

export const interrupted = (): CliError =>
  new CliError('interrupted', terminatedBy ? `interrupted (${terminatedBy})` : 'interrupted');

/** Ends the command with an exit code that is an answer, not a failure (diff: 1 = changes found). */
export class ExitWithCode extends Error {
  constructor(readonly code: ExitCodeValue) {
    super(`exit ${code}`);
    this.name = 'ExitWithCode';
  }
}

/**
 * Some of the work was done and each failure was reported as it happened (add-tool with three
 * ids, one bad): the command ends with the first failure's code and prints nothing more.
 */
export class PartialFailure extends ExitWithCode {
  constructor(readonly failures: readonly CliError[]) {
    super(failures[0]?.exitCode ?? ExitCode.failure);
    this.name = 'PartialFailure';
  }
}
