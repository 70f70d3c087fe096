// Where each setting comes from: flag > environment > profile > default (design §3).
import { CliError } from '../errors.js';
import type { GlobalOptions } from '../globals.js';
import { DEFAULT_TIMEOUT_SECONDS, settingOf, type SettingSpec, type SettingValue } from './setting-specs.js';
import { DEFAULT_PROFILE, type ConfigStore } from './store.js';

type Source = 'flag' | 'env' | 'profile' | 'default' | 'none';

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

/** Each setting from its first source: flag > environment > profile > default (setting-specs.ts). */
export function resolveSettings(
  globals: GlobalOptions,
  variables: Record<string, string | undefined>,
  store: ConfigStore,
): Settings {
  const profileName = resolveProfileName(globals, variables);
  const profile = store.profile(profileName);

  // Only the value that wins is read: a bad variable under a good flag is no error, as before.
  const resolve = <T extends SettingValue>(field: SettingSpec['field']): [T | undefined, Source] => {
    const spec = settingOf(field);
    const candidates: Array<[unknown, Source]> = [
      [spec.flag ? globals[field as 'baseUrl' | 'timeout'] : undefined, 'flag'],
      [variables[spec.env], 'env'],
      [profile[field], 'profile'],
      [spec.default, 'default'],
    ];
    for (const [given, source] of candidates) {
      if (given === undefined || given === '') continue;
      const value =
        typeof given !== 'string'
          ? given
          : source === 'env' && spec.fromEnv
            ? spec.fromEnv(given)
            : spec.parse(given, source === 'env' ? spec.env : (spec.flag?.split(' ')[0] ?? field));
      if (value !== undefined) return [value as T, source];
    }
    return [undefined, 'none'];
  };
  const [baseUrl, baseUrlSource] = resolve<string>('baseUrl');
  const [token, tokenSource] = resolve<string>('token');
  const [timeout, timeoutSource] = resolve<number>('timeout');
  const [allowInsecureHttp] = resolve<boolean>('allowInsecureHttp');

  return {
    profile: profileName,
    baseUrl,
    baseUrlSource,
    token,
    tokenSource,
    timeoutSeconds: timeout ?? DEFAULT_TIMEOUT_SECONDS,
    timeoutSource,
    allowInsecureHttp: allowInsecureHttp === true,
  };
}
