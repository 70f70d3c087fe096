// Where the emulator listens decides how careful it must be. Its token is random wherever it
// listens (on loopback, another user of this machine could otherwise use a documented one). On any
// other address (0.0.0.0, ::, a LAN address) other machines can reach it too, and the base URL it
// prints must be one the CLI accepts (0.0.0.0 and :: are "every address", not one to connect to).
import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { isLoopbackHost } from '../config/base-url.js';

/** The host to print in the base URL: the loopback address of the same family for a wildcard. */
export function connectableHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '::1';
  return host;
}

export function randomEmulatorToken(): string {
  return `emu_${randomBytes(18).toString('base64url')}`;
}

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * Whether a request's Host header names this emulator: a loopback name, the address it listens on,
 * or (listening on every address) one of this machine's. Anything else is a page in a browser that
 * reached it by DNS rebinding (attacker.example resolving to 127.0.0.1).
 */
export function isOwnHost(hostHeader: string | undefined, listenHost: string): boolean {
  if (!hostHeader) return false;
  const name = hostHeader
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (isLoopbackHost(name)) return true;
  const listening = listenHost.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === listening) return true;
  if (!WILDCARDS.has(listenHost)) return false;
  return Object.values(networkInterfaces())
    .flat()
    .some((address) => address?.address.toLowerCase() === name);
}
