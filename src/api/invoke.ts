// POST /agents/{id}/invoke, streamed or not, as one sequence of events, in batches:
// one batch per network chunk, so a fast stream costs one write per chunk, not per token.
// A streamed answer is decoded from SSE; a JSON answer (--no-stream, or a server
// that ignored enableStreaming) is turned into the same events.
import { parseBoundedJson } from '../util/bounded-json.js';
import { CliError, interrupted } from '../errors.js';
import type { ApiClient } from './client.js';
import { MAX_BODY_BYTES, readText } from './client.js';
import { classifyNetworkError } from './network-errors.js';
import { parseToolCall } from './python-repr.js';
import { apiErrorFromResponse, oneLine } from './response-errors.js';
import { SseDecoder, type SseEvent } from './sse.js';
import { announce, ANSWER_STREAM_CHANNEL } from '../util/channels.js';

export interface InvokeBody {
  input: string;
  enableStreaming: boolean;
  sessionId?: string;
  outputSchema?: string;
  llm_params?: { temperature?: number; max_tokens?: number };
}

export type InvokeEvent =
  | { type: 'token'; text: string }
  | { type: 'tool_call'; name?: string; args?: unknown; response?: unknown; raw?: string }
  /** A whole answer that is not text (the real service parses outputSchema answers). */
  | { type: 'value'; value: unknown }
  | { type: 'error'; message: string };

export async function* invokeAgent(
  client: ApiClient,
  agentId: string,
  body: InvokeBody,
  timeoutSeconds: number,
  signal?: AbortSignal,
  debug?: (line: string) => void,
): AsyncGenerator<InvokeEvent[]> {
  const response = await client.open('POST', ['agents', agentId, 'invoke'], {
    body,
    accept: body.enableStreaming ? 'text/event-stream' : 'application/json',
    signal,
  });
  if (response.contentType.toLowerCase().startsWith('text/event-stream')) {
    yield* streamEvents(response.body, timeoutSeconds, debug);
    return;
  }
  const text = await readText(response.body, MAX_BODY_BYTES);
  yield [...jsonAnswerEvents(text, response.status, response.contentType)];
}

async function* streamEvents(
  body: AsyncIterable<Uint8Array>,
  timeoutSeconds: number,
  debug?: (line: string) => void,
): AsyncGenerator<InvokeEvent[]> {
  announce(ANSWER_STREAM_CHANNEL); // tuning.ts holds V8's young generation
  const decoder = new SseDecoder();
  let understood = 0;
  let readable = false; // anything but whitespace arrived
  const known = (events: SseEvent[]): InvokeEvent[] => {
    const out: InvokeEvent[] = [];
    for (const event of events) {
      const known = toInvokeEvent(event.event, event.data);
      if (known) out.push(known);
      else debug?.(`  ignored an event of unknown type "${event.event}": ${oneLine(event.data, 200)}`);
    }
    understood += out.length;
    return out;
  };
  try {
    for await (const chunk of body) {
      readable ||= /\S/.test(Buffer.from(chunk).toString('latin1'));
      const events = known(decoder.push(chunk));
      if (events.length > 0) yield events;
    }
  } catch (error) {
    // The decoder's own refusal (a line past its cap) says what happened; it is no dropped connection.
    if (error instanceof CliError) throw error;
    throw midStreamError(error, timeoutSeconds);
  }
  const last = known(decoder.end());
  if (last.length > 0) yield last;
  if (understood === 0 && readable) {
    throw new CliError(
      'bad-response',
      'the service sent a stream the CLI cannot read (no message, function_call or error events)',
      { circumstance: { type: 'unreadable-stream' } },
    );
  }
}

/** The events the real service sends; undefined for any other type, which is not answer text. */
function toInvokeEvent(name: string, data: string): InvokeEvent | undefined {
  switch (name) {
    case 'message':
      return { type: 'token', text: data };
    case 'function_call': {
      const call = parseToolCall(data);
      return { type: 'tool_call', name: call.name, args: call.args, response: call.response, raw: call.raw };
    }
    case 'error':
      return { type: 'error', message: data };
    default:
      return undefined;
  }
}

function midStreamError(error: unknown, timeoutSeconds: number): CliError {
  switch (classifyNetworkError(error)) {
    case 'aborted':
      return interrupted();
    case 'idle-timeout':
      return new CliError('timeout', `the answer stalled: nothing arrived for ${timeoutSeconds}s`, {
        circumstance: { type: 'slow' },
      });
    default:
      return new CliError('stream', `the connection dropped mid-answer (${(error as Error).message})`, {
        circumstance: { type: 'dropped' },
      });
  }
}

function* jsonAnswerEvents(text: string, status: number, contentType: string): Generator<InvokeEvent> {
  let parsed: unknown;
  try {
    parsed = parseBoundedJson(text);
  } catch (failure) {
    if (failure instanceof CliError) throw failure;
    // A 200 that is neither a stream nor JSON is unusable; report it like an error body.
    const error = apiErrorFromResponse(status, contentType, text);
    throw new CliError('bad-response', `expected an answer, got: ${error.message}`);
  }
  const record = parsed as Record<string, unknown> | null;
  const data = record && typeof record === 'object' && 'success' in record ? record.data : parsed;
  const answer = data as { output?: unknown; intermediate_steps?: unknown } | null;
  if (answer === null || typeof answer !== 'object' || !('output' in answer)) {
    throw new CliError('bad-response', 'the service answered without an output');
  }
  if (typeof answer.output === 'string') yield { type: 'token', text: answer.output };
  else yield { type: 'value', value: answer.output };
  const steps: unknown[] = Array.isArray(answer.intermediate_steps) ? (answer.intermediate_steps as unknown[]) : [];
  for (const step of steps) {
    const [action, observation] = Array.isArray(step) ? (step as unknown[]) : [step, undefined];
    const { tool, tool_input } = (action ?? {}) as { tool?: unknown; tool_input?: unknown };
    if (typeof tool === 'string' && tool)
      yield { type: 'tool_call', name: tool, args: parseArgs(tool_input), response: observation };
  }
}

/** The LLM agent type sends tool_input as a JSON string; others as an object. */
function parseArgs(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return parseBoundedJson(value);
  } catch (error) {
    if (error instanceof CliError) throw error;
    return value;
  }
}
