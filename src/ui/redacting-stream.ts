// stdout and stderr as every command sees them: whatever is written passes through the scrubber first,
// so a secret the run knows cannot reach a terminal, a pipe or a CI log, whichever code wrote it.
import type { OutputStream } from '../deps.js';
import { StreamScrubber } from '../secrets/known.js';
import { overlayStream } from './stream-overlay.js';

export type RedactingStream<T extends OutputStream> = T & {
  /** Writes what the scrubber held back (the start of what could have been a secret). */
  flushRedacted(): void;
  /** Whether anything was written through it. */
  wroteAnything(): boolean;
};

/**
 * The stream with its `write` scrubbed; every other property is the stream's own (isTTY, columns,
 * events), so prompts and spinners work on it unchanged. Bytes are decoded as UTF-8 first.
 * `pieces`: text arrives in pieces that a secret may span (stdout's streamed answer). stderr's
 * writes are whole lines or a prompt's own redraws, which must never wait for the next write.
 */
export function redactingStream<T extends OutputStream>(stream: T, options: { pieces: boolean }): RedactingStream<T> {
  const scrubber = new StreamScrubber(options.pieces);
  const decoder = new TextDecoder();
  // The stream's own write, taken now (stream-overlay.ts keeps a hook's write on its side).
  const streamWrite = stream.write.bind<OutputStream['write']>(stream);
  let wrote = false;
  const write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    if (chunk.length > 0) wrote = true;
    const callback = rest.find((arg): arg is (error?: Error | null) => void => typeof arg === 'function');
    const text = scrubber.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (text === '') {
      if (callback) queueMicrotask(() => callback(null));
      return true;
    }
    return callback ? streamWrite(text, callback) : streamWrite(text);
  };
  const flushRedacted = () => {
    const rest = scrubber.flush();
    if (rest !== '') streamWrite(rest);
  };
  return overlayStream(stream, { write, flushRedacted, wroteAnything: () => wrote }) as RedactingStream<T>;
}
