// The terminal side of a run, besides stdout (the Exporter's): stderr, whether each stream is a
// terminal, colour (decided once per stream), the logger, prompts' terminal, and what may be shown
// (secrets redacted unless --show-secrets). Commands ask it; none of them looks at a stream, an
// environment variable or a flag for this.
import type { Deps, InputStream, OutputStream } from '../deps.js';
import { redactSecrets } from '../secrets/redact.js';
import { PLAIN_THEME, type Colours, type Theme } from './color-support.js';
import { createLogger, type Logger } from './logger.js';
import { canAnimate, isCi } from './terminal.js';

/** The global flags the terminal side reads. */
export interface IoChoices {
  quiet: boolean;
  input: boolean;
  debug: boolean;
  showSecrets: boolean;
}

export class Io {
  readonly stderr: OutputStream;
  /** Colour for stderr (messages, prompts, the spinner). */
  readonly theme: Theme;
  readonly logger: Logger;

  /** `createTheme` is given only when some stream has colour, so chalk loads only then. */
  constructor(
    private readonly deps: Deps,
    private readonly choices: IoChoices,
    readonly colours: Colours,
    createTheme: (enabled: boolean) => Theme = () => PLAIN_THEME,
  ) {
    this.stderr = deps.stderr;
    this.theme = createTheme(colours.stderr);
    this.logger = createLogger(deps.stderr, this.theme, { quiet: choices.quiet, debug: choices.debug });
  }

  /** Read when a command takes input: making process.stdin opens the descriptor (a stream object, ~2 ms). */
  get stdin(): InputStream {
    return this.deps.stdin;
  }

  /**
   * Prompts only with a person at both ends of the terminal, outside CI, without --no-input.
   * stdin is asked last: off a terminal the answer is known without making its stream.
   */
  get interactive(): boolean {
    return this.choices.input && this.stderr.isTTY === true && !isCi(this.deps.env) && this.stdinIsTerminal;
  }

  /** A person types on stdin (chat's prompt, invoke's "until Ctrl-D"), whatever --no-input says. */
  get stdinIsTerminal(): boolean {
    const fd = this.deps.stdinFd;
    // node:tty when asked: most commands never ask.
    return fd === undefined ? this.stdin.isTTY === true : process.getBuiltinModule('node:tty').isatty(fd);
  }

  /** The process's own stdin descriptor, undefined for a test's stream. */
  get stdinFd(): number | undefined {
    return this.deps.stdinFd;
  }

  /** Lines for a person that -q does not silence: what a server prints once, to be copied. */
  notice(text: string): void {
    this.stderr.write(text.endsWith('\n') ? text : text + '\n');
  }

  /** The terminal itself, for what draws on it line by line (chat's prompt): stdin and stderr. */
  get terminal(): { input: NodeJS.ReadStream; output: NodeJS.WriteStream } {
    return { input: this.stdin as NodeJS.ReadStream, output: this.stderr as NodeJS.WriteStream };
  }

  /** Spinners and progress lines: a terminal on stderr that can redraw, and no -q. */
  get canAnimate(): boolean {
    return !this.choices.quiet && canAnimate(this.stderr, this.deps.env);
  }

  /** A record as it may be shown: values under secret-named keys hidden, unless --show-secrets. */
  shown<T>(value: T): T {
    return this.choices.showSecrets ? value : redactSecrets(value);
  }
}
