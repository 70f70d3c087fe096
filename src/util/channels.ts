// What a part of the CLI is about to do, said for whoever decides about the process (tuning.ts),
// so no module below the entry point changes the process. A list of listeners per name, in this
// process only: Node's diagnostics_channel would cost every command a builtin to load.

/** The HTTP client's modules are loaded and no request has gone out (api/client.ts). */
export const HTTP_CLIENT_CHANNEL = 'http-client';
/** A pattern from outside is about to be compiled (util/bounded-regex.ts). */
export const OUTSIDE_PATTERN_CHANNEL = 'outside-pattern';
/** An answer starts to stream (api/invoke.ts). */
export const ANSWER_STREAM_CHANNEL = 'answer-stream';

const listeners = new Map<string, Array<() => void>>();

/** Says it to whoever listens on the channel, at once. */
export function announce(channel: string): void {
  for (const listener of listeners.get(channel) ?? []) listener();
}

/** Calls `listener` each time the channel speaks; the returned function stops it. */
export function listen(channel: string, listener: () => void): () => void {
  listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
  return () =>
    listeners.set(
      channel,
      (listeners.get(channel) ?? []).filter((other) => other !== listener),
    );
}
