// V8's settings for this process, in one place, set by the entry point (main.ts) and by nothing
// below it: code that gains from a setting announces what it does (util/channels.ts), and this
// decides.
import { subscribe } from 'node:diagnostics_channel';
import { setFlagsFromString } from 'node:v8';
import { ANSWER_STREAM_CHANNEL } from './util/channels.js';

export function tuneV8(): void {
  // undici parses HTTP with llhttp compiled to WebAssembly. V8 compiles it with Liftoff, then
  // tiers it up with TurboFan in the background: 65 ms and 35 MiB that a one-shot command never
  // earns back, and long streams measured no faster with it (npm run bench). Before any request.
  setFlagsFromString('--liftoff-only');
  // The `l` flag (V8's linear-time engine) for patterns from outside (util/bounded-regex.ts); a
  // pattern compiled before this would not get it.
  setFlagsFromString('--enable-experimental-regexp-engine');
  subscribe(ANSWER_STREAM_CHANNEL, holdYoungGeneration);
}

let youngGenerationHeld = false;

/**
 * A streamed answer is garbage made fast. Left to grow its young generation, V8 let a 50 MiB answer
 * peak at 95 MiB on Node 20 and 126 MiB on Node 26 (the bare undici consumer: 97 and 111); held at
 * the size start-up left it, 70 and 119 MiB, with 200,000 events streamed no slower (npm run
 * bench). Set when a stream starts, not at start-up, where it slowed `agents list` by 8-12 ms on
 * Node 22 and 26. Once a process: eval streams an answer per case.
 */
function holdYoungGeneration(): void {
  if (youngGenerationHeld) return;
  youngGenerationHeld = true;
  setFlagsFromString('--semi-space-growth-factor=1');
}
