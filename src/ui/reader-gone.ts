// A reader that goes away (`agents eval … | head -1`) never changes the outcome: the command runs to
// its end, writes its report files and exits with its own code. Once the pipe is closed (EPIPE),
// writes to it are dropped quietly, and whoever waits for 'drain' is let go.
import type { OutputStream } from '../deps.js';
import { overlayStream } from './stream-overlay.js';

type Stream = OutputStream & NodeJS.EventEmitter;

export function survivesClosedReader<T extends Stream>(stream: T): T {
  let gone = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
    if (!gone) {
      gone = true;
      stream.emit('drain'); // a writer waiting for room would wait forever
    }
  });
  const write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    if (gone) {
      const callback = rest.find((arg): arg is () => void => typeof arg === 'function');
      if (callback) queueMicrotask(callback);
      return true;
    }
    return (stream.write as (...args: unknown[]) => boolean)(chunk, ...rest);
  };
  return overlayStream(stream, { write });
}
