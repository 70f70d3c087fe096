// Where each setting comes from: flag > environment > profile > default (design §3).
import { CliError } from '../errors.js';
import type { GlobalOptions } from '../globals.js';
import { parseTimeoutSeconds } from '../globals.js';
import { DEFAULT_PROFILE, type ConfigStore } from './store.js';

export type Source = 'flag' | 'env' | 'profile' | 'default' | 'none';

export const DEFAULT_TIMEOUT_SECONDS = 60;

export interface Settings {
  profile: string;
  baseUrl: string | undefined;
  baseUrlSource: Source;
  token: string | undefined;
  tokenSource: Source;
  timeoutSeconds: number;
  timeoutSource: Source;
  allowInsecureHttp: boolean;
}

export function resolveProfileName(globals: GlobalOptions, env: Record<string, string | undefined>): string {
  return globals.profile || env.AGENTS_PROFILE || DEFAULT_PROFILE;
}

export function resolveSettings(
  globals: GlobalOptions,
  env: Record<string, string | undefined>,
  store: ConfigStore,
): Settings {
  const profileName = resolveProfileName(globals, env);
  const profile = store.profile(profileName);

  const [baseUrl, baseUrlSource] = firstOf([
    [globals.baseUrl, 'flag'],
    [env.AGENTS_BASE_URL, 'env'],
    [profile.baseUrl, 'profile'],
  ]);
  const [token, tokenSource] = firstOf([
    [env.AGENTS_TOKEN, 'env'],
    [profile.token, 'profile'],
  ]);
  const [timeout, timeoutSource] = firstOf<number>([
    [globals.timeout, 'flag'],
    [env.AGENTS_TIMEOUT === undefined ? undefined : parseTimeoutSeconds(env.AGENTS_TIMEOUT, 'AGENTS_TIMEOUT'), 'env'],
    [profile.timeout, 'profile'],
    [DEFAULT_TIMEOUT_SECONDS, 'default'],
  ]);

  return {
    profile: profileName,
    baseUrl: baseUrl === undefined ? undefined : normalizeBaseUrl(baseUrl),
    baseUrlSource,
    token,
    tokenSource,
    timeoutSeconds: timeout ?? DEFAULT_TIMEOUT_SECONDS,
    timeoutSource,
    allowInsecureHttp: profile.allowInsecureHttp === true || env.AGENTS_ALLOW_INSECURE_HTTP === '1',
  };
}

function firstOf<T = string>(candidates: Array<[T | undefined, Source]>): [T | undefined, Source] {
  for (const [value, source] of candidates) {
    if (value !== undefined && value !== '') return [value, source];
  }
  return [undefined, 'none'];
}

/** Validates a base URL and drops a trailing slash or /api/v1 (the CLI appends the paths). */
export function normalizeBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError('usage', `"${value}" is not a valid URL`, { hint: 'Use a full address such as https://agents.example.com' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError('usage', `base URL must start with http:// or https://, got "${value}"`);
  }
  if (url.search || url.hash) {
    throw new CliError('usage', `base URL must not carry a query or fragment: "${value}"`);
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${url.origin}${path}`;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
