// Every setting a profile holds, described once: its config key, variable, default, help text and
// reader. The reader is the one place a setting's bounds live: its global flag (globals.ts), its
// variable, its value in a profile and `agents config set` all read through it, so `--timeout 1e9`,
// AGENTS_TIMEOUT=1e9 and `config set timeout 1e9` are refused alike. Resolution (settings.ts),
// `agents config`, `agents help environment` and the config file's check read this table.
import { CliError } from '../errors.js';
import { acceptSecret } from '../secrets/known.js';
import { readWith, seconds, switchedOn, wholeNumber, yesOrNo, type Reader } from '../util/readers.js';
import { baseUrlReader } from './base-url.js';

export type SettingValue = string | number | boolean;
type SettingType = 'string' | 'number' | 'boolean';
type ValueOfType<T extends SettingType> = T extends 'number' ? number : T extends 'boolean' ? boolean : string;

export interface SettingSpec {
  /** Its field in a profile of config.json, and in the resolved settings (settings.ts). */
  field: string;
  type: SettingType;
  /** Its name for `agents config get|set|unset`; none for the token, which `agents login` saves. */
  key?: string;
  /** Its global flag, `--<key>` (global-flags.ts makes it from this row). */
  flag?: { placeholder: string };
  env: string;
  default?: SettingValue;
  help: string;
  /** What `help environment` says of the variable, when the help text does not fit it. */
  envHelp?: string;
  /** Reads a value given as text; none for the token (token.ts reads it: a bad one is exit 4). */
  read?: Reader<SettingValue>;
  /** Reads the variable, when it is read otherwise; undefined leaves the setting to the profile. */
  fromEnv?(value: string): SettingValue | undefined;
  /**
   * A bad value never fails a command: it is reported in the settings' `problems` and what needs
   * it does without (the run log's retention: a bad one costs the run its record, not the command).
   */
  soft?: boolean;
}

const DEFAULT_TIMEOUT_SECONDS = 60;

const TABLE = [
  {
    field: 'baseUrl',
    type: 'string',
    key: 'base-url',
    flag: { placeholder: 'url' },
    env: 'AGENTS_BASE_URL',
    help: 'service address, without /api/v1',
    read: baseUrlReader,
  },
  {
    field: 'token',
    type: 'string',
    env: 'AGENTS_TOKEN',
    help: 'bearer token',
    envHelp: 'bearer token; overrides the saved one (CI)',
  },
  {
    field: 'timeout',
    type: 'number',
    key: 'timeout',
    flag: { placeholder: 'seconds' },
    env: 'AGENTS_TIMEOUT',
    default: DEFAULT_TIMEOUT_SECONDS,
    help: `network timeout in seconds: connect, first byte, a pause in a stream, a whole non-streamed answer (default ${DEFAULT_TIMEOUT_SECONDS})`,
    read: seconds,
  },
  {
    field: 'allowInsecureHttp',
    type: 'boolean',
    key: 'allow-insecure-http',
    env: 'AGENTS_ALLOW_INSECURE_HTTP',
    default: false,
    help: 'true to allow sending the token over plain http to a non-loopback host',
    envHelp: '1 (true, yes, on) lets the token travel over plain http to a host other than loopback',
    read: yesOrNo,
    // On turns it on; off leaves it to the profile.
    fromEnv: (value) => (switchedOn(value, 'AGENTS_ALLOW_INSECURE_HTTP') ? true : undefined),
  },
  {
    field: 'logs',
    type: 'boolean',
    key: 'logs',
    env: 'AGENTS_NO_LOG',
    default: true,
    help: 'false to keep no run log (agents logs off; --no-log for one command)',
    envHelp: '1 (true, yes, on) keeps this command out of the run log (as --no-log)',
    read: yesOrNo,
    // On turns the log off for the line; off leaves it to the profile.
    fromEnv: (value) => (switchedOn(value, 'AGENTS_NO_LOG') ? false : undefined),
  },
  {
    field: 'logsMaxRuns',
    type: 'number',
    key: 'logs.max-runs',
    env: 'AGENTS_LOGS_MAX_RUNS',
    help: 'keep at most this many runs in the run log (older ones are deleted as runs are written)',
    read: wholeNumber(1, 1_000_000_000),
    soft: true,
  },
  {
    field: 'logsMaxDays',
    type: 'number',
    key: 'logs.max-days',
    env: 'AGENTS_LOGS_MAX_DAYS',
    help: 'delete runs older than this many days from the run log as runs are written',
    read: wholeNumber(1, 100_000),
    soft: true,
  },
] as const satisfies readonly SettingSpec[];

/** Every setting, for code that walks them; the literal rows stay in `Setting` for the types. */
export const SETTINGS: readonly (SettingSpec & { field: SettingField })[] = TABLE;

/** One row of the table, with its literal types: a profile's fields, the flags and the resolved values derive from them. */
export type Setting = (typeof TABLE)[number];
export type SettingField = Setting['field'];
export type ValueOfSetting<S extends Setting> = ValueOfType<S['type']>;
/** The settings that have a global flag, by field. */
export type FlagSetting = Extract<Setting, { flag: object }>;
/** What a profile of config.json may hold: every setting, each optional. */
export type Profile = { [S in Setting as S['field']]?: ValueOfSetting<S> };

export const settingOf = (field: SettingField): SettingSpec => SETTINGS.find((spec) => spec.field === field)!;

/** A setting's value from text (a flag, a variable, `config set`, a profile's saved value). */
export function readSetting(spec: SettingSpec, text: string, source: string): SettingValue {
  if (!spec.read) throw new CliError('usage', `${source} is not read as text`);
  return readWith(spec.read, text, source);
}

/**
 * A bearer token as given: whitespace at either end goes (a key file saved on Windows ends in CR,
 * and `$(cat key.txt)` keeps it); one that still holds a control, space or non-ASCII character
 * cannot be a token, and is the user's input to fix (exit 4), never a network failure; nor can one
 * shorter than MIN_SECRET_LENGTH (secrets/known.ts), which is also remembered for scrubbing.
 */
export function readToken(value: string, source: string): string {
  const token = value.trim();
  const bad = /[^\x21-\x7e]/.exec(token);
  if (bad) {
    const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw new CliError('auth', `${source} holds a character no token has (U+${code} at position ${bad.index + 1})`, {
      hint: 'Copy the token again, without line breaks or spaces.',
    });
  }
  return acceptSecret(token, source, 'auth');
}
