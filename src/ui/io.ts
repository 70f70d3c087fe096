// The one owner of a run's terminal side: the streams, whether each is a terminal and how wide,
// colour (decided once per stream), the output mode (--json, -q, or text for a person), the
// logger on stderr, and what may be shown (secrets redacted unless --show-secrets). Commands
// print through it and ask it; none of them looks at a stream, an env variable or a flag for this.
import type { Deps, InputStream, OutputStream } from '../deps.js';
import type { GlobalOptions } from '../globals.js';
import { PLAIN_THEME, type Colours, type Theme } from './color-support.js';
import { createLogger, type Logger } from './logger.js';
import { redactSecrets } from '../secrets/redact.js';
import { canAnimate, isCi } from './terminal.js';

export type OutputMode = 'json' | 'quiet' | 'human';

export class Io {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly mode: OutputMode;
  /** Colour for stderr (messages, prompts, the spinner) and for stdout (tables, views). */
  readonly theme: Theme;
  readonly stdoutTheme: Theme;
  readonly logger: Logger;

  /** `createTheme` is given only when some stream has colour, so chalk loads only then. */
  constructor(
    private readonly deps: Deps,
    private readonly globals: GlobalOptions,
    readonly colours: Colours,
    createTheme: (enabled: boolean) => Theme = () => PLAIN_THEME,
  ) {
    this.stdout = deps.stdout;
    this.stderr = deps.stderr;
    this.mode = globals.json ? 'json' : globals.quiet ? 'quiet' : 'human';
    this.theme = createTheme(colours.stderr);
    this.stdoutTheme = createTheme(colours.stdout);
    this.logger = createLogger(deps.stderr, this.theme, { quiet: globals.quiet, debug: globals.debug });
  }

  /** Read when a command takes input: making process.stdin opens the descriptor (a stream object, ~2 ms). */
  get stdin(): InputStream {
    return this.deps.stdin;
  }

  get json(): boolean {
    return this.mode === 'json';
  }

  get quiet(): boolean {
    return this.mode === 'quiet';
  }

  get stdoutIsTerminal(): boolean {
    return this.stdout.isTTY === true;
  }

  /** The terminal's width when stdout is one (and reports one), else undefined: output is not fitted. */
  get columns(): number | undefined {
    return (this.stdout.isTTY && this.stdout.columns) || undefined;
  }

  /** Prompts only with a person at both ends of the terminal, outside CI, without --no-input. */
  get interactive(): boolean {
    return this.globals.input && this.stdin.isTTY === true && this.stderr.isTTY === true && !isCi(this.deps.env);
  }

  /** Spinners and progress lines: a terminal on stderr that can redraw, and no -q. */
  get canAnimate(): boolean {
    return !this.globals.quiet && canAnimate(this.stderr, this.deps.env);
  }

  /** A record as it may be shown: values under secret-named keys hidden, unless --show-secrets. */
  shown<T>(value: T): T {
    return this.globals.showSecrets ? value : redactSecrets(value);
  }

  /** Writes a result line to stdout. */
  print(text: string): void {
    this.stdout.write(text.endsWith('\n') ? text : text + '\n');
  }

  printJson(value: unknown): void {
    this.print(JSON.stringify(value, null, 2));
  }

  /**
   * A command's result in the mode asked for: `document` as JSON (--json), the lines of `quiet`
   * (-q; nothing without it), or the text of `human` (nothing when it returns nothing).
   */
  result(document: unknown, views: { quiet?: () => string | readonly string[]; human?: () => string | void }): void {
    if (this.mode === 'json') return this.printJson(document);
    if (this.mode === 'quiet') {
      const lines = views.quiet?.();
      if (lines !== undefined && lines.length > 0) this.print(typeof lines === 'string' ? lines : lines.join('\n'));
      return;
    }
    const text = views.human?.();
    if (typeof text === 'string') this.print(text);
  }
}
