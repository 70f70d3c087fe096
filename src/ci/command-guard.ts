// On GitHub Actions the runner reads the step's output line by line (a line ends at LF or CR) and
// runs two forms of workflow command: `::name props::data` at the start of a line, after any Unicode
// white space (.NET's TrimStart), and the legacy `##[name props]data` anywhere in a line. Its string
// search is culture-sensitive, so characters a collation ignores (zero-width, format and control
// characters) may stand between the marks and still match. Text from a service, an eval file or an
// answer must never run one (add-mask, stop-commands, set-output, error, …). So, there:
// - stderr is framed with the runner's own `::stop-commands::TOKEN` … `::TOKEN::`, a random token
//   each time, resumed for each annotation of the CLI's own and at the end of the run;
// - every line of stderr and of stdout that reaches the runner (not a regular file) is escaped too:
//   a no-break space goes between the two colons of a line-start `::` and before the `[` of `##[`,
//   a character no collation ignores, and the only change to the text;
// - a JSON document writes the `#` of `##[` as `\u0023`: still valid JSON, the same value.
// An answer written to a regular file (`> answer.txt`, `-o`) is not read by the runner: byte for byte.
import { fstatSync } from 'node:fs';
import type { OutputStream } from '../deps.js';
import { overlayStream } from '../ui/stream-overlay.js';

/** Whether workflow commands in the output would be read: GitHub Actions. */
export const readsWorkflowCommands = (env: Record<string, string | undefined>) => env.GITHUB_ACTIONS === 'true';

/** What breaks a command mark without hiding: no collation ignores a no-break space. */
const BREAK = '\u00a0';
/** White space .NET's TrimStart removes (JavaScript's \s, and NEL). */
const SPACE = /[\s\u0085]/u;
/** Characters a culture-sensitive search may skip: controls, format characters, combining marks. */
const IGNORABLE = /[\p{Cc}\p{Cf}\p{Mn}\p{Me}]/u;
const IGNORABLES = '[\\p{Cc}\\p{Cf}\\p{Mn}\\p{Me}]*';
// Made at first use: V8 builds the Unicode classes when the pattern is made (0.5 ms at every start).
let legacyInJson: RegExp | undefined;

/** A JSON text in which no `##[` can be read as a legacy command: the first `#` written `\u0023`. */
export const jsonForRunner = (json: string): string =>
  json.replace((legacyInJson ??= new RegExp(`#(?=${IGNORABLES}#${IGNORABLES}\\[)`, 'gu')), '\\u0023');

/**
 * Escapes text that arrives in pieces (a streamed answer) so that no line of it is a workflow
 * command: a `:` or `#` that may begin a mark waits for the next character to decide.
 */
export class CommandEscaper {
  private lineStart = true; // only white space or ignorable characters so far on this line
  private held = ''; // ":" at a line start, or "#" / "##", each with the ignorables after it
  private hashes = 0;

  push(text: string): string {
    let out = '';
    for (const char of text) out += this.next(char);
    return out;
  }

  /** What was held back, at the end of the output. */
  flush(): string {
    const rest = this.held;
    this.held = '';
    this.hashes = 0;
    return rest;
  }

  private next(char: string): string {
    if (this.held !== '') {
      if (char !== '\n' && char !== '\r' && IGNORABLE.test(char)) {
        this.held += char;
        return '';
      }
      if (this.hashes === 0) {
        // ":" at a line start: a second ":" would make "::".
        const held = this.flush();
        this.lineStart = false;
        if (char === ':') return `:${BREAK}${held.slice(1)}:`;
        return held + this.next(char);
      }
      if (char === '[' && this.hashes === 2) return `${this.flush()}${BREAK}[`;
      if (char === '#') {
        if (this.hashes === 1) {
          this.hashes = 2;
          this.held += char;
          return '';
        }
        // "###": the first can no longer begin "##[", the last two still can.
        const second = this.held.indexOf('#', 1);
        const out = this.held.slice(0, second);
        this.held = this.held.slice(second) + char;
        return out;
      }
      return this.flush() + this.next(char);
    }
    if (char === '\n' || char === '\r') {
      this.lineStart = true;
      return char;
    }
    if (this.lineStart && (SPACE.test(char) || IGNORABLE.test(char))) return char;
    if (this.lineStart && char === ':') {
      this.held = char;
      return '';
    }
    this.lineStart = false;
    if (char === '#') {
      this.held = char;
      this.hashes = 1;
      return '';
    }
    return char;
  }
}

/** Whether a stream is a regular file (`> answer.txt`): the runner never reads it. */
export function isRegularFile(stream: OutputStream): boolean {
  const fd = (stream as { fd?: unknown }).fd;
  if (typeof fd !== 'number') return false;
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}

export type CommandGuarded<T> = T & {
  /** A workflow command of the CLI's own, written as it is (stderr: between frames). */
  writeCommand(line: string): void;
  /** Writes what was held back and, on a framed stream, resumes the runner's commands. */
  finishCommands(): void;
  /** Marks the stream as read by the runner: its JSON documents escape `##[` (jsonForRunner). */
  readonly readByRunner: true;
};

/**
 * The stream with every line escaped across writes (a prompt writes a line in pieces) and, with
 * `framed` (stderr), everything it writes between `::stop-commands::TOKEN` and `::TOKEN::`.
 */
export function commandGuardedStream<T extends OutputStream>(
  stream: T,
  options: { framed: boolean },
): CommandGuarded<T> {
  const streamWrite = stream.write.bind<OutputStream['write']>(stream);
  const decoder = new TextDecoder();
  const escaper = new CommandEscaper();
  let atLineStart = true; // of what reached the stream
  let stopToken: string | undefined;
  const raw = (text: string, callback?: (error?: Error | null) => void): boolean => {
    if (text !== '') atLineStart = /[\n\r]$/.test(text);
    return callback ? streamWrite(text, callback) : streamWrite(text);
  };
  const ownLine = (line: string) => raw(`${atLineStart ? '' : '\n'}${line}\n`);
  const stop = () => {
    if (!options.framed || stopToken !== undefined) return;
    // crypto only here, on GitHub Actions: a command elsewhere never loads it.
    stopToken = process.getBuiltinModule('node:crypto').randomBytes(16).toString('hex');
    ownLine(`::stop-commands::${stopToken}`);
  };
  const resume = () => {
    if (stopToken === undefined) return;
    ownLine(`::${stopToken}::`);
    stopToken = undefined;
  };
  const write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    const callback = rest.find((arg): arg is (error?: Error | null) => void => typeof arg === 'function');
    const text = escaper.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (text === '') {
      if (callback) queueMicrotask(() => callback(null));
      return true;
    }
    stop();
    return raw(text, callback);
  };
  const writeCommand = (line: string) => {
    const held = escaper.flush();
    if (held !== '') raw(held);
    resume();
    ownLine(line);
  };
  const finishCommands = () => {
    const held = escaper.flush();
    if (held !== '') {
      stop();
      raw(held);
    }
    resume();
  };
  return overlayStream(stream, { write, writeCommand, finishCommands, readByRunner: true }) as CommandGuarded<T>;
}

/** Writes a workflow command of the CLI's own: past the guard when the stream has one. */
export function writeCommand(stream: OutputStream, line: string): void {
  const guarded = stream as Partial<CommandGuarded<OutputStream>>;
  if (typeof guarded.writeCommand === 'function') guarded.writeCommand(line);
  else stream.write(`${line}\n`);
}

/** Whether JSON written to this stream is read by the runner (see jsonForRunner). */
const readByRunner = (stream: OutputStream): boolean =>
  (stream as Partial<CommandGuarded<OutputStream>>).readByRunner === true;

/** What a JSON text printed on this stream becomes: on GitHub Actions no `##[` in it reads as a workflow command. */
export const jsonTextFor = (stream: OutputStream): ((json: string) => string) =>
  readByRunner(stream) ? jsonForRunner : (json) => json;

/** Ends a guarded stream's output (what it held back; stderr's frame); any other stream as it is. */
export function finishCommands(stream: OutputStream): void {
  (stream as Partial<CommandGuarded<OutputStream>>).finishCommands?.();
}
