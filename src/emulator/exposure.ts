// Where the emulator listens decides how careful it must be. On loopback only this machine can
// reach it, and a fixed, documented token is convenient. On any other address (0.0.0.0, ::, a
// LAN address) others can reach it too: its token must be random, and the base URL it prints
// must be one the CLI accepts (0.0.0.0 and :: are "every address", not an address to connect to).
import { randomBytes } from 'node:crypto';

/** The host to print in the base URL: the loopback address of the same family for a wildcard. */
export function connectableHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '::1';
  return host;
}

export function randomEmulatorToken(): string {
  return `emu_${randomBytes(18).toString('base64url')}`;
}
