// Time to first token and total time per agent, as two bars each: inline SVG, no chart library.
import { duration } from '../../invoke/timing.js';
import { html } from './escape.js';

export interface AgentTimes {
  agent: string;
  ttftMs: number | null;
  totalMs: number | null;
}

const WIDTH = 640;
const LABEL = 180;
const ROW = 40;
const BAR = 14;

export function timesChart(rows: readonly AgentTimes[]): string {
  const longest = Math.max(1, ...rows.flatMap((row) => [row.ttftMs ?? 0, row.totalMs ?? 0]));
  const scale = (ms: number) => Math.max(1, Math.round(((WIDTH - LABEL - 90) * ms) / longest));
  const bars = rows.map((row, index) => {
    const y = index * ROW + 4;
    const name = row.agent.length > 24 ? `${row.agent.slice(0, 23)}…` : row.agent; // fits the 180 px label
    const bar = (ms: number | null, at: number, kind: 'ttft' | 'total', label: string) =>
      ms === null
        ? `<text x="${LABEL}" y="${at + BAR - 3}">no ${label}</text>`
        : `<rect class="${kind}" x="${LABEL}" y="${at}" width="${scale(ms)}" height="${BAR}"><title>${label}: ${duration(ms)}</title></rect>` +
          `<text x="${LABEL + scale(ms) + 6}" y="${at + BAR - 3}">${duration(ms)}</text>`;
    return (
      `<g><text x="0" y="${y + BAR + 4}">${html(name)}</text>` +
      bar(row.ttftMs, y, 'ttft', 'first token') +
      bar(row.totalMs, y + BAR + 2, 'total', 'total') +
      '</g>'
    );
  });
  const height = rows.length * ROW + 8;
  return `<svg role="img" aria-label="Median time to first token and total time per agent" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">${bars.join('')}</svg>`;
}
