// stdout and stderr as every command sees them: whatever is written passes through the scrubber first,
// so a secret the run knows cannot reach a terminal, a pipe or a CI log, whichever code wrote it.
import type { OutputStream } from '../deps.js';
import { StreamScrubber } from './secrets.js';

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
  // The stream's own write, taken now: ora hooks `write` by assigning it, which must not reach the stream.
  const streamWrite = stream.write.bind(stream) as OutputStream['write'];
  let assigned: unknown;
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
  return new Proxy(stream, {
    get(target, property) {
      if (property === 'write') return assigned ?? write;
      if (property === 'flushRedacted') return flushRedacted;
      if (property === 'wroteAnything') return () => wrote;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set(target, property, value) {
      // A hook (ora's) wraps `write` and later puts back what it found: both stay on this side.
      if (property === 'write') assigned = value === write ? undefined : value;
      else Reflect.set(target, property, value, target);
      return true;
    },
  }) as RedactingStream<T>;
}
