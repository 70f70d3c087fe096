// Where each setting comes from: flag > environment > profile > default (design §3).
import { CliError } from '../errors.js';
import { normalizeBaseUrl } from './base-url.js';
import type { GlobalOptions } from '../globals.js';
import { parseTimeoutSeconds } from '../globals.js';
import { DEFAULT_PROFILE, type ConfigStore } from './store.js';

type Source = 'flag' | 'env' | 'profile' | 'default' | 'none';

const DEFAULT_TIMEOUT_SECONDS = 60;

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

/** Letters, digits, ".", "_" and "-", starting with a letter or digit: no "..", "-x", " " or "__proto__". */
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function resolveProfileName(globals: GlobalOptions, env: Record<string, string | undefined>): string {
  const name = globals.profile || env.AGENTS_PROFILE || DEFAULT_PROFILE;
  if (!PROFILE_NAME.test(name)) {
    const source = globals.profile ? '--profile' : 'AGENTS_PROFILE';
    throw new CliError('usage', `${source} ${JSON.stringify(name)} is not a profile name`, {
      hint: 'Use letters, digits, ".", "_" and "-", starting with a letter or digit.',
    });
  }
  return name;
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
