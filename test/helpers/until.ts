// Waiting on what happened, not on a clock: a line a process printed, or a state a server records
// and announces (the emulator's 'request'). Neither gives up by itself; the test's own limit
// (scaled by AGENTS_TEST_TIME_SCALE) catches a hang.
import type { EventEmitter } from 'node:events';

/** The stream's text so far, once it matches `pattern`; rejects, with the text, if the stream ends first. */
export function untilText(stream: EventEmitter, pattern: RegExp | string, seen = ''): Promise<string> {
  let text = seen;
  const matches = () => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));
  if (matches()) return Promise.resolve(text);
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      if (!matches()) return;
      stream.off('data', onData).off('end', onEnd);
      resolve(text);
    };
    const onEnd = () => {
      stream.off('data', onData);
      reject(new Error(`the stream ended without ${String(pattern)}:\n${text}`));
    };
    stream.on('data', onData).once('end', onEnd);
  });
}

/** Once `check()` holds, looked at now and each time `source` emits `event`. */
export function untilEvent(source: EventEmitter, event: string, check: () => boolean): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve) => {
    const look = () => {
      if (!check()) return;
      source.off(event, look);
      resolve();
    };
    source.on(event, look);
  });
}
