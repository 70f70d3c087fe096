// A case's times as a report gives them: the median of its runs' first tokens and total times
// (compare, the HTML report). Pure: the report page's vendor file bundles it.

/** The middle value, or the rounded mean of the two middle ones. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** Median time to first token and total time of a case's runs; null where no run has one. */
export function caseTimes(reportCase: {
  runs: ReadonlyArray<{ timing: { ttftMs: number | null; totalMs: number } }>;
}): { ttftMs: number | null; totalMs: number | null } {
  const ttfts = reportCase.runs.flatMap((run) => (run.timing.ttftMs === null ? [] : [run.timing.ttftMs]));
  return {
    ttftMs: ttfts.length ? median(ttfts) : null,
    totalMs: reportCase.runs.length ? median(reportCase.runs.map((run) => run.timing.totalMs)) : null,
  };
}
