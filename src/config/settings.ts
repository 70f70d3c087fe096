// Where each setting comes from: flag > environment > profile > default (README, Environment).
import { CliError } from '../errors.js';
import {
  readSetting,
  readToken,
  settingOf,
  SETTINGS,
  type FlagSetting,
  type Setting,
  type SettingField,
  type SettingSpec,
  type SettingValue,
  type ValueOfSetting,
} from './setting-specs.js';
import { DEFAULT_PROFILE, type ConfigStore, type Profile } from './store.js';
import { sameAddress } from './base-url.js';

type Source = 'flag' | 'env' | 'profile' | 'default' | 'none';
type ValueField = Exclude<SettingField, 'token'>;

/**
 * Every setting of the table but the token, by field: its value from its first source, or its
 * default; a setting with no default may be undefined. A new row of the table is a new field here.
 */
type SettingValues = {
  [S in Setting as Exclude<S['field'], 'token'>]: S extends { default: SettingValue }
    ? ValueOfSetting<S>
    : ValueOfSetting<S> | undefined;
};

export type Settings = SettingValues & {
  profile: string;
  /** Where each value came from (`agents status` says it). */
  sources: Record<ValueField, Source>;
  /** Why a soft setting could not be read (the run log's retention): what needs it does without. */
  problems: string[];
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
};

/** Letters, digits, ".", "_" and "-", starting with a letter or digit: no "..", "-x", " " or "__proto__". */
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** What the line itself says of the settings: its global flags, already read. */
export type LineSettings = { [S in FlagSetting as S['field']]?: ValueOfSetting<S> } & { profile?: string };

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
  const resolve = (spec: SettingSpec & { field: SettingField }): [SettingValue | undefined, Source] => {
    const fromFlag = spec.flag ? (globals as Record<string, SettingValue | undefined>)[spec.field] : undefined;
    if (fromFlag !== undefined) return [fromFlag, 'flag'];
    const variable = variables[spec.env];
    if (variable !== undefined && variable !== '') {
      const value = spec.fromEnv ? spec.fromEnv(variable) : readSetting(spec, variable, spec.env);
      if (value !== undefined) return [value, 'env'];
    }
    const saved = profile[spec.field];
    if (saved !== undefined && saved !== '') {
      const source = `${spec.key ?? spec.field} in profile "${profileName}" (${store.file})`;
      return [readSetting(spec, String(saved), source), 'profile'];
    }
    return spec.default === undefined ? [undefined, 'none'] : [spec.default, 'default'];
  };

  const values: Record<string, SettingValue | undefined> = {};
  const sources: Record<string, Source> = {};
  const problems: string[] = [];
  let token: TokenChoice | undefined;
  // In the table's order, so the first bad setting of a line is the one reported.
  for (const spec of SETTINGS) {
    if (spec.field === 'token') {
      token = resolveToken(profileName, profile, values.baseUrl as string | undefined, variables, store.file);
      continue;
    }
    const read = spec.soft ? softly(() => resolve(spec)) : { value: resolve(spec) };
    if ('problem' in read) problems.push(read.problem);
    [values[spec.field], sources[spec.field]] = 'value' in read ? read.value : [undefined, 'none'];
  }

  return {
    ...(values as SettingValues),
    profile: profileName,
    sources: sources,
    problems,
    ...token!,
    shadowsProfileToken:
      token!.tokenSource === 'env' && Boolean(profile.token) && Boolean(globals.profile || variables.AGENTS_PROFILE),
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
