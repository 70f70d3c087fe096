// A pure, byte-level Server-Sent Events decoder. Each chunk is decoded as UTF-8 up to its
// last line break (CR and LF never occur inside a UTF-8 sequence), then split on LF, CR or
// CRLF, so a character or a CRLF split across chunks comes out whole. It holds only the
// current partial line and the current event, so memory stays flat however long the stream.
//
// Lenient mode (the default) honours the real service's quirks, which sends tokens raw:
//  - an empty `data:` in a `message` event is a newline token;
//  - a line without a colon (or with an unknown field name) right after a data line is
//    the rest of a token that contained a newline: it continues the data after "\n".
import { CliError } from '../errors.js';

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseDecoderOptions {
  lenient?: boolean;
}

/** The longest line, and the most data one event may hold: a line that never ends must not fill memory. */
const MAX_SSE_LINE_BYTES = 16 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;
const KNOWN_FIELDS = new Set(['event', 'data', 'id', 'retry']);

export class SseDecoder {
  private readonly lenient: boolean;
  /** Pieces of a line that has not ended yet, and their size. */
  private partial: Buffer[] = [];
  private partialBytes = 0;
  /** Characters of data in the event being read. */
  private dataChars = 0;
  /** A chunk ended in CR: a LF starting the next chunk belongs to the same line break. */
  private skipLeadingLf = false;
  private atStreamStart = true;

  private eventType = '';
  private readonly dataLines: string[] = [];
  private sawData = false;
  private lastFieldWasData = false;
  private lastId: string | undefined;

  constructor(options: SseDecoderOptions = {}) {
    this.lenient = options.lenient ?? true;
  }

  push(bytes: Uint8Array): SseEvent[] {
    const events: SseEvent[] = [];
    // One Buffer view per chunk (no copy).
    const chunk = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let start = 0;
    if (this.skipLeadingLf && chunk.length > 0) {
      if (chunk[0] === LF) start = 1;
      this.skipLeadingLf = false;
    }
    // Everything up to the last line break is decoded at once: CR and LF never occur inside a
    // UTF-8 sequence, so no character is cut, and one decode per chunk beats one per line.
    const lastBreak = Math.max(chunk.lastIndexOf(LF), chunk.lastIndexOf(CR));
    if (lastBreak >= start) {
      let text: string;
      if (this.partial.length > 0) {
        this.partial.push(chunk.subarray(start, lastBreak + 1));
        text = Buffer.concat(this.partial).toString('utf8');
        this.partial = [];
        this.partialBytes = 0;
      } else {
        text = chunk.toString('utf8', start, lastBreak + 1);
      }
      this.processLines(text, events);
      // Only a CR that ends the chunk may be half of a CRLF whose LF comes next.
      if (lastBreak !== chunk.length - 1) this.skipLeadingLf = false;
      start = lastBreak + 1;
    }
    if (start < chunk.length) {
      this.partialBytes += chunk.length - start;
      if (this.partialBytes > MAX_SSE_LINE_BYTES) throw tooLong('a line of the stream');
      this.partial.push(Buffer.from(chunk.subarray(start))); // a copy: the caller may reuse its buffer
    }
    return events;
  }

  /** At end of stream: a last line without a line break, and an event without its blank line, still count. */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.partial.length > 0) {
      this.processLine(this.firstLine(Buffer.concat(this.partial).toString('utf8')), events);
      this.partial = [];
      this.partialBytes = 0;
    }
    this.dispatch(events);
    return events;
  }

  /** Lines of text that ends in a line break (CR, LF or CRLF; a CR at the very end may be half a CRLF). */
  private processLines(text: string, events: SseEvent[]): void {
    let start = 0;
    let nextLf = text.indexOf('\n');
    let nextCr = text.indexOf('\r');
    while (nextLf !== -1 || nextCr !== -1) {
      const isCr = nextCr !== -1 && (nextLf === -1 || nextCr < nextLf);
      let i = isCr ? nextCr : nextLf;
      this.processLine(this.firstLine(text.slice(start, i)), events);
      if (isCr) {
        if (i + 1 < text.length) {
          if (text.charCodeAt(i + 1) === LF) i++;
        } else {
          this.skipLeadingLf = true;
        }
      }
      start = i + 1;
      if (nextLf !== -1 && nextLf < start) nextLf = text.indexOf('\n', start);
      if (nextCr !== -1 && nextCr < start) nextCr = text.indexOf('\r', start);
    }
  }

  /** The stream's first line loses a byte-order mark. */
  private firstLine(line: string): string {
    if (!this.atStreamStart) return line;
    this.atStreamStart = false;
    return line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
  }

  private addData(text: string): void {
    this.dataChars += text.length;
    if (this.dataChars > MAX_SSE_LINE_BYTES) throw tooLong('one event of the stream');
    this.dataLines.push(text);
  }

  private processLine(line: string, events: SseEvent[]): void {
    if (line === '') {
      this.dispatch(events);
      return;
    }
    if (line.startsWith(':')) return; // comment
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);

    if (this.lenient && this.lastFieldWasData && (colon === -1 || !KNOWN_FIELDS.has(field))) {
      // The rest of a raw token that held a newline.
      this.addData(line);
      return;
    }
    this.lastFieldWasData = false;
    switch (field) {
      case 'event':
        this.eventType = value;
        break;
      case 'data':
        this.addData(value);
        this.sawData = true;
        this.lastFieldWasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      default:
        break; // retry and unknown fields are ignored
    }
  }

  private dispatch(events: SseEvent[]): void {
    if (this.sawData) {
      const event = this.eventType || 'message';
      // One data line is the common case (a token): no join, no new string.
      let data = this.dataLines.length === 1 ? this.dataLines[0]! : this.dataLines.join('\n');
      if (this.lenient && event === 'message' && data === '' && this.dataLines.length === 1) data = '\n';
      events.push(this.lastId === undefined ? { event, data } : { event, data, id: this.lastId });
    }
    this.eventType = '';
    this.dataLines.length = 0; // reused: one array for the whole stream
    this.dataChars = 0;
    this.sawData = false;
    this.lastFieldWasData = false;
  }
}

/** Decodes a whole stream given as chunks (tests, small inputs). */
export function decodeSse(chunks: Iterable<Uint8Array>, options?: SseDecoderOptions): SseEvent[] {
  const decoder = new SseDecoder(options);
  const events: SseEvent[] = [];
  for (const chunk of chunks) events.push(...decoder.push(chunk));
  events.push(...decoder.end());
  return events;
}

function tooLong(what: string): CliError {
  return new CliError(
    'bad-response',
    `${what} passed ${MAX_SSE_LINE_BYTES / 1024 / 1024} MiB without ending; it stopped reading`,
  );
}
