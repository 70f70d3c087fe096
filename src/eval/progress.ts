// The one line that redraws on a terminal while cases run: passed, failed, running, elapsed.
// It owns stderr's last line until stop(), which clears it, so nothing else is written meanwhile.
import { displayWidth, startWithin } from '../util/display-width.js';
import type { Theme } from '../ui/color-support.js';
import { duration } from '../invoke/timing.js';
import { monotonicMs } from '../util/monotonic.js';

interface Counts {
  passed: number;
  failed: number;
  running: number;
  total: number;
}

export interface ProgressLine {
  update(counts: Counts): void;
  stop(): void;
}

interface Screen {
  write(text: string): unknown;
  columns?: number;
}

const REDRAW_MS = 100;

export function startProgressLine(stream: Screen, theme: Theme, now: () => number = monotonicMs): ProgressLine {
  const started = now();
  let counts: Counts = { passed: 0, failed: 0, running: 0, total: 0 };
  let drawn = '';
  const draw = () => {
    const done = counts.passed + counts.failed;
    const line = [
      theme.success(`${counts.passed} passed`),
      counts.failed > 0 ? theme.error(`${counts.failed} failed`) : `${counts.failed} failed`,
      `${counts.running} running`,
      `${done}/${counts.total}`,
      theme.muted(duration(now() - started)),
    ].join(' · ');
    if (line === drawn) return;
    drawn = line;
    // \r and erase-line: redraw in place. The width check keeps the line from wrapping, which would leave copies.
    stream.write(`\r\x1b[2K${fit(line, (stream.columns ?? 80) - 1)}`);
  };
  const timer = setInterval(draw, REDRAW_MS);
  timer.unref();
  return {
    update(next) {
      counts = next;
      draw();
    },
    stop() {
      clearInterval(timer);
      stream.write('\r\x1b[2K');
    },
  };
}

/** Cuts a styled line to `width` columns, keeping its escape sequences and characters whole. */
function fit(line: string, width: number): string {
  let visible = 0;
  let out = '';
  // eslint-disable-next-line no-control-regex -- SGR sequences are what it steps over
  for (const part of line.split(/(\x1b\[[0-9;]*m)/)) {
    if (part.startsWith('\x1b[')) out += part;
    else {
      const kept = startWithin(part, Math.max(0, width - visible));
      out += kept;
      visible += displayWidth(kept);
    }
  }
  return out;
}
