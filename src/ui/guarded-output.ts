// stdout and stderr as the program writes them. A reader that goes away (`agents eval … | head -1`)
// never changes the outcome: the command runs to its end, writes its report files and exits with
// its own code, and writes to the closed pipe are dropped quietly. Any other failure to write (a
// full disk: ENOSPC, EIO, EBADF) is kept, never thrown: the run ends with one line saying so and
// exit 8, whichever command wrote (cli.ts), where Node would have printed a stack trace.
import type { OutputStream } from '../deps.js';
import { overlayStream } from './stream-overlay.js';

export type GuardedStream<T extends OutputStream> = T & {
  /** The failure that stopped the stream's writes, unless it was only its reader going away. */
  writeFailure(): NodeJS.ErrnoException | undefined;
  /** Resolves once what was written so far has been handed over (or dropped with the stream). */
  settled(): Promise<void>;
};

const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

export function guardOutput<T extends OutputStream>(stream: T): GuardedStream<T> {
  let stopped = false;
  let failure: NodeJS.ErrnoException | undefined;
  const emitter = stream as unknown as Partial<NodeJS.EventEmitter>;
  const stop = (error: NodeJS.ErrnoException) => {
    if (stopped) return;
    stopped = true;
    if (!READER_GONE.has(error.code ?? '')) failure = error;
    emitter.emit?.('drain'); // a writer waiting for room would wait forever
  };
  emitter.on?.('error', stop);
  // The stream's own write, taken now (stream-overlay.ts keeps a hook's write on its side).
  const streamWrite = stream.write.bind<OutputStream['write']>(stream);
  const write = (chunk: string | Uint8Array, callback?: (error?: Error | null) => void): boolean => {
    if (!stopped) {
      try {
        return callback ? streamWrite(chunk, callback) : streamWrite(chunk);
      } catch (error) {
        // A file on a full disk: Node's synchronous file stream throws from write itself.
        stop(error as NodeJS.ErrnoException);
      }
    }
    if (callback) queueMicrotask(() => callback(null));
    return true;
  };
  // A failed write reports itself on a later tick (Node emits the error after the write returns).
  const settled = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    const pending = (stream as { writableLength?: number }).writableLength ?? 0;
    if (stopped || pending === 0 || !emitter.once) return;
    await new Promise<void>((resolve) => {
      emitter.once!('drain', resolve);
      emitter.once!('error', () => resolve());
    });
  };
  return overlayStream(stream, { write, writeFailure: () => failure, settled }) as GuardedStream<T>;
}
