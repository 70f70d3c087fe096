// The part of an answer a command keeps in memory (--json, --events' last line, --output-schema,
// eval's checks). A plain invoke streams an answer of any size and keeps none of it; these are
// bounded, so an endless stream from a service ends with a clear error, not with the machine's memory.
import { CliError } from '../errors.js';

/** Characters of text kept: about 100 MiB at the peak with --json (the copies that printing it makes), under the 150 MiB budget. */
const MAX_KEPT_ANSWER_CHARS = 4 * 1024 * 1024;
/** Tool calls kept for one answer. */
const MAX_KEPT_TOOL_CALLS = 10_000;

const tooLong = (what: string) =>
  new CliError('bad-response', `the answer passed ${what}, the most agents keeps in memory; it stopped reading`, {
    hint: 'A plain `agents invoke` (no --json, --events or --output-schema) streams an answer of any size.',
  });

/** Text kept piece by piece as it streams: the pieces, and their length. */
export class TextPieces {
  /** Joined groups of pieces, and the pieces since the last group. */
  private groups: string[] = [];
  private parts: string[] = [];
  length = 0;

  add(text: string): void {
    this.length += text.length;
    this.parts.push(text);
    // Thousands of token-sized strings cost far more than their text: join each thousand into one
    // (never the whole text again, which would copy it over and over).
    if (this.parts.length >= 1024) {
      this.groups.push(this.parts.join(''));
      this.parts = [];
    }
  }

  get text(): string {
    return this.groups.join('') + this.parts.join('');
  }
}

export class KeptAnswer<Call> {
  private readonly pieces = new TextPieces();
  readonly toolCalls: Call[] = [];

  addText(text: string): void {
    if (this.pieces.length + text.length > MAX_KEPT_ANSWER_CHARS)
      throw tooLong(`${MAX_KEPT_ANSWER_CHARS / 1024 / 1024} Mi characters`);
    this.pieces.add(text);
  }

  addToolCall(call: Call): void {
    if (this.toolCalls.length >= MAX_KEPT_TOOL_CALLS) throw tooLong(`${MAX_KEPT_TOOL_CALLS} tool calls`);
    this.toolCalls.push(call);
  }

  get text(): string {
    return this.pieces.text;
  }
}
