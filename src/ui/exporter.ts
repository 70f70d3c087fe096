// The one owner of stdout. A command hands it its result and says how a person reads it; the
// Exporter prints it in the mode the line asked for: one JSON document (--json), that document
// through a jq filter (--jq), the lines a script needs (-q), or text for a person. Streamed
// answers, NDJSON events and the failure document of --json go through it too. No command writes
// to stdout, reads the mode or asks whether stdout is a terminal: a new output format is a case
// here, and a failed write (a full disk) is handled once for every command (cli.ts, exit 8).
import type { OutputStream } from '../deps.js';
import type { Theme } from './color-support.js';
/** A line of output: JSON text (a CI runner's guard reads it: ci/command-guard.ts), or plain text. */
export type FormattedLine = { json: string } | { text: string };

/** Writes a value in a format: a command's document, or (`event`) one NDJSON line of a stream. */
export type DocumentWriter = (value: unknown, how: { event: boolean; terminal: boolean }) => FormattedLine[];

export const writeJson: DocumentWriter = (value, { event }) => [
  { json: event ? JSON.stringify(value) : JSON.stringify(value, null, 2) },
];

/** A document in a format (definition/output-formats.ts), the lines a script needs (-q), or text for a person. */
export type OutputMode = 'document' | 'quiet' | 'human';

type Lines = string | readonly string[];

export class Exporter {
  private wrote = false;
  private atLineStart = true;
  private writer: DocumentWriter = writeJson;

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
    return this.mode === 'document';
  }

  /** Whether stdout is text for a person (neither -q nor a document): plans, tables, hints. */
  get forPerson(): boolean {
    return this.mode === 'human';
  }

  /** The format every document and NDJSON line is written in (JSON unless the line chose another). */
  writeWith(writer: DocumentWriter): void {
    this.writer = writer;
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
    if (this.mode === 'document') return this.document(document);
    if (this.mode === 'quiet') {
      const lines = views.quiet?.();
      if (lines !== undefined && lines.length > 0) this.line(typeof lines === 'string' ? lines : lines.join('\n'));
      return;
    }
    // A view may wait for what it measures with (a table beyond ASCII loads string-width).
    const text = await views.human?.();
    if (typeof text === 'string') this.line(text);
  }

  /** One document, in the line's format: the whole of stdout under --json, whatever happened. */
  document(value: unknown): void {
    this.lines(this.writer(value, { event: false, terminal: this.isTerminal }));
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
    this.lines(this.writer(value, { event: true, terminal: this.isTerminal }));
  }

  private lines(lines: readonly FormattedLine[]): void {
    for (const each of lines) this.line('json' in each ? this.jsonText(each.json) : each.text);
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
   * A failure as a document (docs/json/error.schema.json), when the command printed nothing of its
   * own: the document of --json holds whatever happened. A format without one (--jq) prints nothing.
   */
  static failure(
    stdout: OutputStream,
    failure: object,
    asDocument: ((failure: object) => readonly FormattedLine[]) | undefined,
    jsonText: (json: string) => string,
  ): void {
    for (const each of asDocument?.(failure) ?? [])
      stdout.write(`${'json' in each ? jsonText(each.json) : each.text}\n`);
  }

  private line(text: string): void {
    this.wrote = true;
    this.atLineStart = true;
    this.stdout.write(text.endsWith('\n') ? text : text + '\n');
  }
}
