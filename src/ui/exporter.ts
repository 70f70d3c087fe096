// The one owner of stdout. A command hands it its result and says how a person reads it; the
// Exporter prints it in the mode the line asked for: one JSON document (--json), that document
// through a jq filter (--jq), the lines a script needs (-q), or text for a person. Streamed
// answers, NDJSON events and the failure document of --json go through it too. No command writes
// to stdout, reads the mode or asks whether stdout is a terminal: a new output format is a case
// here, and a failed write (a full disk) is handled once for every command (cli.ts, exit 8).
import type { OutputStream } from '../deps.js';
import type { Theme } from './color-support.js';
import type { JqFilter } from './jq-filter.js';
import { escapeControlsKeepLines } from './safe-text.js';

export type OutputMode = 'json' | 'quiet' | 'human';

type Lines = string | readonly string[];

export class Exporter {
  private wrote = false;
  private atLineStart = true;
  private filter: JqFilter | undefined;

  constructor(
    private readonly stdout: OutputStream,
    private readonly mode: OutputMode,
    /** Styles for stdout: plain unless stdout is a terminal with colour. */
    readonly theme: Theme,
    /** What a JSON text becomes before it is printed (read by a CI runner: ci/command-guard.ts jsonTextFor). */
    private readonly jsonText: (json: string) => string = (json) => json,
  ) {}

  /** Whether a person reads stdout: answers are then escaped and JSON indented for the eye. */
  get isTerminal(): boolean {
    return this.stdout.isTTY === true;
  }

  /** The terminal's width when stdout is one (and reports one), else undefined: output is not fitted. */
  get columns(): number | undefined {
    return (this.stdout.isTTY && this.stdout.columns) || undefined;
  }

  /**
   * Whether stdout takes one document for a program (--json, --jq): a command gathers its result
   * and hands it over whole, and keeps words meant for a person (hints, warnings) off it.
   */
  get forProgram(): boolean {
    return this.mode === 'json';
  }

  /** Whether stdout is text for a person (neither -q nor a document): plans, tables, hints. */
  get forPerson(): boolean {
    return this.mode === 'human';
  }

  /** --jq: every document and NDJSON line is filtered; a bad expression is exit 2 now, before the command runs. */
  async filterWith(expression: string): Promise<void> {
    const { jqFilter } = await import('./jq-filter.js');
    this.filter = await jqFilter(expression);
  }

  /** Whether anything has been printed: a failure's --json document is printed only when nothing was. */
  get printed(): boolean {
    return this.wrote;
  }

  /**
   * A command's result in the mode asked for: `document` as JSON (--json), the lines of `quiet`
   * (-q; nothing without it), or the text of `human` (nothing when it returns nothing).
   */
  async result(
    document: unknown,
    views: { quiet?: () => Lines | undefined; human?: () => string | void | Promise<string | void> } = {},
  ): Promise<void> {
    if (this.mode === 'json') return this.document(document);
    if (this.mode === 'quiet') {
      const lines = views.quiet?.();
      if (lines !== undefined && lines.length > 0) this.line(typeof lines === 'string' ? lines : lines.join('\n'));
      return;
    }
    // A view may wait for what it measures with (a table beyond ASCII loads string-width).
    const text = await views.human?.();
    if (typeof text === 'string') this.line(text);
  }

  /** One JSON document: the whole of stdout under --json, whatever happened. */
  document(value: unknown): void {
    if (this.filter) return this.filtered(value, this.isTerminal ? 2 : undefined);
    this.line(this.jsonText(JSON.stringify(value, null, 2)));
  }

  /** A result that is text in every mode: export's YAML, a body from `agents api`, a key printed once. */
  text(text: string): void {
    if (text !== '') this.line(text);
  }

  /** Text exactly as given, no line break added: a body from `agents api`, byte for byte. */
  raw(text: string): void {
    if (text === '') return;
    this.wrote = true;
    this.atLineStart = text.endsWith('\n');
    this.stdout.write(text);
  }

  /** stdout itself, for a protocol that owns it whole (`mcp serve` over stdio: JSON-RPC and nothing else). */
  channel(): OutputStream {
    this.wrote = true;
    return this.stdout;
  }

  /** One NDJSON line: --events, chat --json. */
  event(value: unknown): void {
    if (this.filter) return this.filtered(value, undefined);
    this.line(this.jsonText(JSON.stringify(value)));
  }

  /**
   * What --jq makes of a document, as gh prints it: a string as its text, any other value as JSON
   * (indented on a terminal). A string is the service's text: on a terminal its control
   * characters are shown escaped (no forged line, no escape sequence); a pipe gets it as it is.
   */
  private filtered(value: unknown, indent: number | undefined): void {
    for (const result of this.filter!(value)) {
      if (typeof result !== 'string') this.line(this.jsonText(JSON.stringify(result, null, indent)));
      else this.line(this.isTerminal ? escapeControlsKeepLines(result) : result);
    }
  }

  /** A piece of a streamed answer, as it came: waits when the reader is slow. */
  async stream(piece: string): Promise<void> {
    if (piece === '') return;
    this.atLineStart = piece.endsWith('\n');
    this.wrote = true;
    const stdout = this.stdout;
    if (!stdout.write(piece)) await new Promise<void>((resolve) => stdout.once('drain', () => resolve()));
  }

  /** Ends a streamed answer with a newline, when it did not end with one. */
  async endStream(): Promise<void> {
    if (!this.atLineStart) await this.stream('\n');
  }

  /**
   * A failure as the --json document (docs/json/error.schema.json), when the command printed
   * nothing of its own: the document of --json holds whatever happened. Under --jq nothing: the
   * filter was written for the result, and stderr says what failed.
   */
  static failure(
    stdout: OutputStream,
    failure: object,
    line: { jq: boolean },
    jsonText: (json: string) => string,
  ): void {
    if (line.jq) return;
    stdout.write(`${jsonText(JSON.stringify({ error: failure }, null, 2))}\n`);
  }

  private line(text: string): void {
    this.wrote = true;
    this.atLineStart = true;
    this.stdout.write(text.endsWith('\n') ? text : text + '\n');
  }
}
