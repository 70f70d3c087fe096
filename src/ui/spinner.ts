// A spinner on stderr while waiting, only for a person at a terminal that can animate.
// It shares the screen with stdout's answer, so it is stopped once, before the first byte
// of the answer, and never drawn again: each ora stop() writes cursor moves.
import type { Io } from './io.js';
import { importOra } from '../util/esm-vendor.js';

export interface Spinner {
  /** Clears the spinner; later calls do nothing. */
  stop(): void;
}

const NO_SPINNER: Spinner = { stop() {} };

export async function startSpinner(io: Io, text: string): Promise<Spinner> {
  const stderr = io.stderr as Partial<NodeJS.WriteStream>;
  // ora draws with cursor moves, which only a real terminal stream offers.
  if (!io.canAnimate || typeof stderr.cursorTo !== 'function') return NO_SPINNER;
  const { default: ora } = await importOra();
  const color = io.colours.stderr ? 'cyan' : false;
  const spinner = ora({ text, stream: stderr as NodeJS.WriteStream, discardStdin: false, color }).start();
  let running = true;
  return {
    stop() {
      if (!running) return;
      running = false;
      spinner.stop();
    },
  };
}
