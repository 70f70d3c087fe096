// Streams as real models do: the answer arrives in separate network writes, some slow, some
// splitting a UTF-8 character, so what a terminal shows between chunks can be tested.
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** One SSE frame of the real service: raw token, no escaping. */
export const frame = (data: string, event = 'message') => `event: ${event}\ndata: ${data}\n\n`;

/** Writes each chunk on its own, `delayMs` apart, then closes (the real service's end of stream). */
export async function drip(res: ServerResponse, chunks: Array<string | Buffer>, delayMs: number): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  res.flushHeaders();
  for (const chunk of chunks) {
    if (res.destroyed) return;
    res.write(chunk);
    await sleep(delayMs);
  }
  res.end();
}

/** The bytes of `text` cut every `size` bytes, so multi-byte characters straddle chunks. */
export function splitBytes(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return pieces;
}
