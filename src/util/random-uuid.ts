// A random (version 4) UUID, for session ids. The service keys a session's memory by it, so it
// must not be guessable: it comes from the system's random source. Read from /dev/urandom where
// there is one: loading node:crypto costs `invoke` 2 ms on Node 22 (5 ms on Node 26), and nothing
// else it does needs it. Elsewhere (Windows), from node:crypto.
import { closeSync, openSync, readSync } from 'node:fs';

export function randomUuid(source = '/dev/urandom'): string {
  const bytes = randomBytes(16, source);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562's variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function randomBytes(count: number, source: string): Buffer {
  const bytes = Buffer.alloc(count);
  try {
    const fd = openSync(source, 'r');
    try {
      if (readSync(fd, bytes, 0, count, null) === count) return bytes;
    } finally {
      closeSync(fd);
    }
  } catch {
    // no such device here
  }
  return process.getBuiltinModule('node:crypto').randomBytes(count);
}
