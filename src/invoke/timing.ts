// How fast an answer came: time to first token, whole time, characters per second. Measured
// around the event stream, so invoke --stats, --events and eval all read one clock the same way.
import type { InvokeEvent } from '../api/invoke.js';
import { monotonicMs } from '../util/monotonic.js';

export interface Timing {
  /** From sending the request to the first piece of the answer; null when none came. */
  ttftMs: number | null;
  totalMs: number;
  /** Characters of answer text (a structured answer counts as its JSON). */
  chars: number;
  /** chars over the whole time; null for an answer too short to time. */
  charsPerSecond: number | null;
}

export interface Stopwatch {
  /** Passes the batches through, noting when the first piece of answer arrives and the last batch ends. */
  watch(batches: AsyncIterable<InvokeEvent[]>): AsyncGenerator<InvokeEvent[]>;
  /** The figures so far (after the stream ends: the whole answer's). */
  read(): Timing;
}

export function startStopwatch(now: () => number = monotonicMs): Stopwatch {
  const started = now();
  let firstAt: number | undefined;
  let endedAt: number | undefined;
  let chars = 0;
  return {
    async *watch(batches) {
      try {
        for await (const batch of batches) {
          for (const event of batch) {
            if (event.type === 'token') chars += event.text.length;
            else if (event.type === 'value') chars += JSON.stringify(event.value)?.length ?? 0;
            else continue;
            firstAt ??= now();
          }
          yield batch;
        }
      } finally {
        endedAt = now();
      }
    },
    read() {
      const totalMs = (endedAt ?? now()) - started;
      return {
        ttftMs: firstAt === undefined ? null : Math.round(firstAt - started),
        totalMs: Math.round(totalMs),
        chars,
        charsPerSecond: charsPerSecond(chars, totalMs),
      };
    },
  };
}

/** Characters per second over `ms`; null for no text, or a time too short to divide by. */
export function charsPerSecond(chars: number, ms: number): number | null {
  return ms >= 1 && chars > 0 ? Math.round((chars * 1000) / ms) : null;
}

/** One line for people: "first token 312 ms · total 1.24 s · 842 chars/s". */
export function describeTiming(timing: Timing): string {
  const first = timing.ttftMs === null ? 'no answer text' : `first token ${duration(timing.ttftMs)}`;
  const rate = timing.charsPerSecond === null ? '' : ` · ${timing.charsPerSecond} chars/s`;
  return `${first} · total ${duration(timing.totalMs)}${rate}`;
}

/** 312 ms under a second; 1.24 s, 12.4 s, 124 s above. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${seconds < 10 ? seconds.toFixed(2) : seconds < 100 ? seconds.toFixed(1) : Math.round(seconds)} s`;
}
