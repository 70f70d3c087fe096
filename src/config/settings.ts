// Where each setting comes from: flag > environment > profile > default (README, Environment).
import { CliError } from '../errors.js';
import {
  DEFAULT_TIMEOUT_SECONDS,
  readSetting,
  readToken,
  settingOf,
  type SettingSpec,
  type SettingValue,
} from './setting-specs.js';
import { DEFAULT_PROFILE, type ConfigStore, type Profile } from './store.js';
import { sameAddress } from './base-url.js';

type Source = 'flag' | 'env' | 'profile' | 'default' | 'none';

export interface Settings {
  profile: string;
  baseUrl: string | undefined;
  baseUrlSource: Source;
  /** The token this line may send: AGENTS_TOKEN, or the profile's when saved for this base URL. */
  token: string | undefined;
  tokenSource: Source;
  /** The address the token belongs to: the profile's saved one, or any address for AGENTS_TOKEN. */
  tokenBaseUrl: string | undefined;
  /** The profile's saved token, held back because this line names another address. */
  withheldToken?: { profile: string; savedFor: string | undefined };
  /**
   * Why the profile's saved token cannot be sent (too short, a character no token has): the
   * failure of a command that needs it, never of `login` or `logout`, which replace or remove it.
   */
  unusableToken?: Error;
  /** AGENTS_TOKEN is sent, though the profile the line names has a token of its own. */
  shadowsProfileToken: boolean;
  timeoutSeconds: number;
  timeoutSource: Source;
  allowInsecureHttp: boolean;
  /** The run log: on unless `logs false` or AGENTS_NO_LOG=1; its retention when set. */
  logs: boolean;
  logsMaxRuns: number | undefined;
  logsMaxDays: number | undefined;
  /** Why the run log's retention could not be read: runs are then not recorded, with a warning. */
  logsProblem?: string;
}

/** Letters, digits, ".", "_" and "-", starting with a letter or digit: no "..", "-x", " " or "__proto__". */
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** What the line itself says of the settings: its global flags, already read. */
export interface LineSettings {
  baseUrl?: string;
  profile?: string;
  timeout?: number;
}

export function resolveProfileName(globals: LineSettings, env: Record<string, string | undefined>): string {
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
  globals: LineSettings,
  variables: Record<string, string | undefined>,
  store: ConfigStore,
): Settings {
  const profileName = resolveProfileName(globals, variables);
  const profile = store.profile(profileName);

  // Only the value that wins is read: a bad variable under a good flag is no error, as before. A
  // flag was read already (globals.ts); a variable or a profile's value is read by the same reader.
  const resolve = <T extends SettingValue>(field: SettingSpec['field']): [T | undefined, Source] => {
    const spec = settingOf(field);
    const fromFlag = spec.flag ? globals[field as 'baseUrl' | 'timeout'] : undefined;
    if (fromFlag !== undefined) return [fromFlag as T, 'flag'];
    const variable = variables[spec.env];
    if (variable !== undefined && variable !== '') {
      const value = spec.fromEnv ? spec.fromEnv(variable) : readSetting(spec, variable, spec.env);
      if (value !== undefined) return [value as T, 'env'];
    }
    const saved = profile[field];
    if (saved !== undefined && saved !== '') {
      const source = `${spec.key ?? field} in profile "${profileName}" (${store.file})`;
      return [readSetting(spec, String(saved), source) as T, 'profile'];
    }
    return spec.default === undefined ? [undefined, 'none'] : [spec.default as T, 'default'];
  };
  const [baseUrl, baseUrlSource] = resolve<string>('baseUrl');
  const token = resolveToken(profileName, profile, baseUrl, variables, store.file);
  const [timeout, timeoutSource] = resolve<number>('timeout');
  const [allowInsecureHttp] = resolve<boolean>('allowInsecureHttp');
  const [logs] = resolve<boolean>('logs');
  // A bad retention setting costs the run its record, never the command (commands/run-log.ts).
  const retention = softly(() => ({
    logsMaxRuns: resolve<number>('logsMaxRuns')[0],
    logsMaxDays: resolve<number>('logsMaxDays')[0],
  }));

  return {
    profile: profileName,
    baseUrl,
    baseUrlSource,
    ...token,
    shadowsProfileToken:
      token.tokenSource === 'env' && Boolean(profile.token) && Boolean(globals.profile || variables.AGENTS_PROFILE),
    timeoutSeconds: timeout ?? DEFAULT_TIMEOUT_SECONDS,
    timeoutSource,
    allowInsecureHttp: allowInsecureHttp === true,
    logs: logs !== false,
    ...('problem' in retention
      ? { logsMaxRuns: undefined, logsMaxDays: undefined, logsProblem: retention.problem }
      : retention.value),
  };
}

/** The value, or the message of the CliError that reading it threw. */
function softly<T>(read: () => T): { value: T } | { problem: string } {
  try {
    return { value: read() };
  } catch (error) {
    if (error instanceof CliError) return { problem: error.message };
    throw error;
  }
}

type TokenChoice = Pick<Settings, 'token' | 'tokenSource' | 'tokenBaseUrl' | 'withheldToken' | 'unusableToken'>;

/**
 * AGENTS_TOKEN goes wherever this line goes (the user set both). A saved token goes only to the
 * address its profile saved, as gh keeps a token per host: `--base-url` or AGENTS_BASE_URL naming
 * another address must not carry it there (another user may hold the emulator's port).
 */
function resolveToken(
  profileName: string,
  profile: Profile,
  baseUrl: string | undefined,
  variables: Record<string, string | undefined>,
  file: string,
): TokenChoice {
  const fromEnv = variables[settingOf('token').env];
  if (fromEnv?.trim()) return { token: readToken(fromEnv, 'AGENTS_TOKEN'), tokenSource: 'env', tokenBaseUrl: baseUrl };
  if (!profile.token) return { token: undefined, tokenSource: 'none', tokenBaseUrl: undefined };
  const savedFor = profile.baseUrl;
  if (savedFor === undefined || baseUrl === undefined || !sameAddress(savedFor, baseUrl)) {
    return {
      token: undefined,
      tokenSource: 'none',
      tokenBaseUrl: savedFor,
      withheldToken: { profile: profileName, savedFor },
    };
  }
  try {
    const token = readToken(profile.token, `the token of profile "${profileName}" in ${file}`);
    return { token, tokenSource: 'profile', tokenBaseUrl: savedFor };
  } catch (error) {
    return { token: undefined, tokenSource: 'profile', tokenBaseUrl: savedFor, unusableToken: error as Error };
  }
}
