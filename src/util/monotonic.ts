// Elapsed-time readings for timings and throttles. The global `performance` loads Node's
// perf_hooks module on first touch (a dozen internal modules, ~1 ms of start-up); the process's
// high-resolution clock is already there and is as monotonic.

/** Milliseconds on a monotonic clock, with sub-millisecond precision. */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
