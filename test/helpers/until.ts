// Waiting on what happened, not on a clock: a line a process printed, or a state a test server
// records. Neither gives up by itself; the test's own limit (scaled by AGENTS_TEST_TIME_SCALE)
// catches a hang.
import type { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

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

/** Once `check()` holds: for a state no event announces (requests a test server has logged). */
export async function until(check: () => boolean): Promise<void> {
  while (!check()) await sleep(10);
}
