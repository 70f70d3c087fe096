// The diagnostics channels the CLI publishes on: what a part of it is doing, for whoever decides
// about the process (tuning.ts), so no module below the entry point changes the process itself.

/** An answer starts to stream (api/invoke.ts). */
export const ANSWER_STREAM_CHANNEL = 'agents:answer-stream';
