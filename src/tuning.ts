// V8's settings for this process, in one place, made by the entry point (main.ts) and by nothing
// below it. Each is made when the code that gains from it announces itself (util/channels.ts), not
// at start-up: a V8 flag changed at run time makes Node reject the compiled code it keeps for its
// own modules, so every built-in loaded after the change is compiled again (node:http, node:net
// and node:stream: 4.8 → 7.8 ms on Node 22). Announced late, the change finds them loaded.
import { ANSWER_STREAM_CHANNEL, HTTP_CLIENT_CHANNEL, listen, OUTSIDE_PATTERN_CHANNEL } from './util/channels.js';

export function tuneV8(): void {
  // undici parses HTTP with llhttp compiled to WebAssembly, on the first connection. V8 compiles it
  // with Liftoff, then tiers it up with TurboFan in the background: 65 ms and 35 MiB that a one-shot
  // command never earns back, and long streams measured no faster with it (npm run bench).
  setWhenAnnounced(HTTP_CLIENT_CHANNEL, '--liftoff-only');
  // The `l` flag (V8's linear-time engine) for patterns from outside (util/bounded-regex.ts).
  setWhenAnnounced(OUTSIDE_PATTERN_CHANNEL, '--enable-experimental-regexp-engine');
  // A streamed answer is garbage made fast. Left to grow its young generation, V8 let a 50 MiB
  // answer peak at 95 MiB on Node 20 and 126 MiB on Node 26 (the bare undici consumer: 97 and
  // 111); held at the size start-up left it, 70 and 119 MiB, with 200,000 events streamed no slower
  // (npm run bench). Not at start-up, where it slowed `agents list` by 8-12 ms on Node 22 and 26.
  setWhenAnnounced(ANSWER_STREAM_CHANNEL, '--semi-space-growth-factor=1');
}

/**
 * Each flag's value at start (V8's defaults, the same on Node 20, 22 and 26), implied ones too:
 * --liftoff-only turns off the two WebAssembly tier-ups.
 */
const AT_START: Record<string, string> = {
  '--liftoff-only': '--no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering',
  '--enable-experimental-regexp-engine': '--no-enable-experimental-regexp-engine',
  '--semi-space-growth-factor=1': '--semi-space-growth-factor=2',
};
const changed = new Set<string>();

/**
 * Puts back every flag this process changed, for bin/code-cache.js: V8 stamps a code cache with a
 * hash of its flags and reads only a cache stamped with the flags it has now. So a cache is
 * written with the flags of a start (at exit), and read with them: a file the program requires
 * after a flag changed (the MCP server, after the first request) is compiled with the flags put
 * back, then the changes are made again (the function returned).
 */
export function settleV8Flags(): () => void {
  const settled = [...changed];
  for (const flag of settled) setFlags(AT_START[flag]!);
  changed.clear();
  return () => {
    for (const flag of settled) {
      setFlags(flag);
      changed.add(flag);
    }
  };
}

const setFlags = (flags: string) => process.getBuiltinModule('node:v8').setFlagsFromString(flags);

/** The flag, set the first time the channel speaks (eval streams an answer per case: once is enough). */
function setWhenAnnounced(channel: string, flag: string): void {
  const stop = listen(channel, () => {
    stop();
    // node:v8 only now: a command that never announces loads no builtin for its tuning.
    setFlags(flag);
    changed.add(flag);
  });
}
