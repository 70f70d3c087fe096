// The service address as users give it, checked and normalised. No other config code here:
// `agents config` lists its keys in --help, which must not load the config stores.
import { z } from '../util/zod.js';
import { CliError } from '../errors.js';
import type { Reader } from '../util/readers.js';

/** Validates a base URL and drops a trailing slash or /api/v1 (the CLI appends the paths). */
export function normalizeBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(
      'usage',
      `"${value}" is not a valid URL: give a full address such as https://agents.example.com`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError('usage', `base URL must start with http:// or https://, got "${value}"`);
  }
  // Dropped silently, a password would seem to be used; kept, it would be saved in the config and
  // sent in every request's URL. The token is the way to authenticate. (Not echoed: it is a secret.)
  if (url.username || url.password) {
    throw new CliError(
      'usage',
      `base URL must not carry a user name or password (${url.protocol}//…@${url.host}): the service authenticates with a token`,
      { hint: 'Give the address alone; `agents login` saves the token, or set AGENTS_TOKEN.' },
    );
  }
  if (url.search || url.hash) {
    throw new CliError('usage', `base URL must not carry a query or fragment: "${value}"`);
  }
  // The CLI appends /api/v1/...: a URL pasted from the API docs (…/api/v1 or …/api/v1/agents) loses it.
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1(\/agents)?$/, '');
  return `${url.origin}${path}`;
}

/**
 * Whether two base URLs name the same service: scheme, host, port and path, each normalised as
 * normalizeBaseUrl does (a trailing slash or /api/v1, the host's case, a default port).
 */
export function sameAddress(a: string, b: string): boolean {
  try {
    return normalizeBaseUrl(a) === normalizeBaseUrl(b);
  } catch {
    return false;
  }
}

/** normalizeBaseUrl as a reader: a flag, a variable and `config set` give the same message. */
export const baseUrlReader: Reader<string> = (source) =>
  z.pipe(
    z.string(),
    z.transform<string, string>((text, context) => {
      try {
        return normalizeBaseUrl(text);
      } catch (error) {
        context.issues.push({ code: 'custom', input: text, message: `${source}: ${(error as Error).message}` });
        return z.NEVER;
      }
    }),
  );

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
