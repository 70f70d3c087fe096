// Prints an agent's answer as its events arrive, in the chosen output mode.
// Human mode streams text to stdout and keeps no copy, so memory stays flat.
import { KeptAnswer, TextPieces } from './kept-answer.js';
import { excerpt } from '../secrets/known.js';
import type { InvokeEvent } from '../api/invoke.js';
import { classifyNetworkError } from '../api/network-errors.js';
import type { Io } from '../ui/io.js';
import type { Exporter } from '../ui/exporter.js';
import { CliError, interrupted } from '../errors.js';
import { escapeControls, escapeControlsKeepLines } from '../ui/safe-text.js';
import { startSpinner } from '../ui/spinner.js';
import type { Timing } from './timing.js';
import { monotonicMs } from '../util/monotonic.js';
import { MAX_LOGGED_CHARS } from '../logs/record.js';

export type AnswerMode = 'human' | 'json' | 'events' | 'structured';

export interface ToolCall {
  name?: string;
  args?: unknown;
  response?: unknown;
  raw?: string;
}

export interface Answer {
  /** The text (not kept in human mode), or the structured value. */
  output: unknown;
  toolCalls: ToolCall[];
  /** Why the answer stopped early; what came before it is in output. */
  failure?: CliError;
  /** The text for the run log, in every mode (human mode keeps nothing else): at most its cap, then cut. */
  logText?: string;
  /** The whole answer's length in characters, when the log's copy was cut. */
  logChars?: number;
  /** For the log: when the first piece of answer came (monotonicMs), read in the loop that prints it. */
  firstAt?: number;
}

export async function printAnswer(
  { io, out }: { io: Io; out: Exporter },
  batches: AsyncIterable<InvokeEvent[]>,
  mode: AnswerMode,
  sessionId: string | undefined,
  timing?: () => Timing,
  forLog = false,
  /** Called once, when the first batch of the answer arrives. */
  onFirstBatch?: () => void,
): Promise<Answer> {
  const keepText = mode !== 'human';
  // The run log's copy of a human-mode answer, bounded: a plain invoke streams any size.
  const logged = forLog && !keepText ? new LogCopy() : undefined;
  let firstAt: number | undefined;
  // On a terminal the answer is shown, not replayed: its control characters must not drive the screen.
  // Piped, it stays byte-exact.
  const shown = out.isTerminal ? escapeControlsKeepLines : (text: string) => text;
  const kept = new KeptAnswer<ToolCall>();
  const toolCalls = kept.toolCalls;
  let value: unknown;
  let failure: CliError | undefined;
  let shownSomething = false;
  const spinner =
    mode === 'human' || mode === 'structured' ? await startSpinner(io, 'Waiting for the agent…') : undefined;

  try {
    for await (const batch of batches) {
      spinner?.stop(); // once, before the first byte of the answer
      if (onFirstBatch) {
        onFirstBatch();
        onFirstBatch = undefined;
      }
      let pending = ''; // what this batch adds to stdout, written at once
      for (const event of batch) {
        // An error ends the run: invoke writes it last, with its kind and exit code, however it came.
        if (mode === 'events' && event.type !== 'error') pending += JSON.stringify(eventLine(event)) + '\n';
        switch (event.type) {
          case 'token':
            if (keepText) kept.addText(event.text);
            if (mode === 'human') pending += shown(event.text);
            logged?.add(event.text);
            if (forLog) firstAt ??= monotonicMs();
            break;
          case 'value':
            value = event.value;
            if (forLog) firstAt ??= monotonicMs();
            break;
          case 'tool_call': {
            const { type: _type, ...call } = event;
            kept.addToolCall(call);
            break;
          }
          case 'error':
            failure = streamFailure(event.message);
            break;
        }
        if (failure !== undefined) break;
      }
      shownSomething ||= pending !== '';
      await out.stream(pending);
      if (failure !== undefined) break;
    }
  } catch (error) {
    failure = asFailure(error);
  } finally {
    spinner?.stop();
    if (mode === 'human') await out.endStream();
    // After the answer's last line, so stderr lines never land in the middle of it on a terminal.
    if (mode === 'human' || mode === 'structured') {
      for (const call of toolCalls) io.logger.info(io.theme.accent('⚙ ') + escapeControls(describeToolCall(call)));
    }
  }

  const output = value !== undefined ? value : kept.text;
  const logText = forLog
    ? logged
      ? logged.text
      : typeof output === 'string'
        ? output
        : JSON.stringify(output)
    : undefined;
  const logChars = logged?.chars;
  if (failure) {
    const partial = mode === 'human' ? shownSomething : mode === 'json' && output !== '';
    return {
      output,
      toolCalls,
      logText,
      logChars,
      firstAt,
      failure: partial ? failure.withHint(KEPT_HINT[mode]) : failure,
    };
  }
  if (mode === 'events') {
    const timed = timing ? JSON.stringify({ type: 'timing', ...timing() }) + '\n' : '';
    await out.stream(timed + JSON.stringify({ type: 'done', output, sessionId: sessionId ?? null }) + '\n');
  }
  return { output, toolCalls, logText, logChars, firstAt };
}

/** The first MAX_LOGGED_CHARS characters of a streamed answer, and its whole length. */
class LogCopy {
  private readonly kept = new TextPieces();
  private all = 0;

  add(text: string): void {
    this.all += text.length;
    const room = MAX_LOGGED_CHARS - this.kept.length;
    if (room > 0) this.kept.add(text.length <= room ? text : text.slice(0, room));
  }

  get text(): string {
    return this.kept.text;
  }

  /** The whole answer's length, of which `text` is the start. */
  get chars(): number {
    return this.all;
  }
}

const KEPT_HINT: Record<AnswerMode, string> = {
  human: 'The partial answer above is kept.',
  json: 'The partial answer is kept in the JSON document\'s "output".',
  events: '',
  structured: '',
};

function streamFailure(message: string): CliError {
  const [first, ...rest] = message.split('\n');
  return new CliError('stream', `the agent failed mid-answer: ${first}`, { details: rest.filter(Boolean) });
}

function asFailure(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (classifyNetworkError(error) === 'aborted') return interrupted();
  throw error;
}

function eventLine(event: InvokeEvent): Record<string, unknown> {
  return event.type === 'value' ? { type: 'token', text: JSON.stringify(event.value) } : event;
}

/** One shape for --json whether the call came streamed (Python repr, raw kept) or in a JSON answer. */
export function toolCallJson(call: ToolCall): {
  name: string | null;
  args: unknown;
  response: unknown;
  raw: string | null;
} {
  return { name: call.name ?? null, args: call.args ?? null, response: call.response ?? null, raw: call.raw ?? null };
}

function describeToolCall(call: ToolCall): string {
  if (!call.name) return `tool call: ${call.raw ?? '(unreadable)'}`;
  const args = call.args === undefined ? '' : typeof call.args === 'string' ? call.args : JSON.stringify(call.args);
  const response = call.response === undefined || call.response === null ? '' : ` → ${oneLineText(call.response)}`;
  return `${call.name}(${args})${response}`;
}

function oneLineText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return excerpt(text.replace(/\s+/g, ' ').trim(), 120);
}
