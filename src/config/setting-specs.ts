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

export interface SettingSpec {
  /** Its field in a profile of config.json. */
  field: 'baseUrl' | 'token' | 'timeout' | 'allowInsecureHttp' | 'logs' | 'logsMaxRuns' | 'logsMaxDays';
  type: 'string' | 'number' | 'boolean';
  /** Its name for `agents config get|set|unset`; none for the token, which `agents login` saves. */
  key?: string;
  /** It has a global flag (globals.ts). */
  flag?: boolean;
  env: string;
  default?: SettingValue;
  help: string;
  /** What `help environment` says of the variable, when the help text does not fit it. */
  envHelp?: string;
  /** Reads a value given as text; none for the token (token.ts reads it: a bad one is exit 4). */
  read?: Reader<SettingValue>;
  /** Reads the variable, when it is read otherwise; undefined leaves the setting to the profile. */
  fromEnv?(value: string): SettingValue | undefined;
}

export const DEFAULT_TIMEOUT_SECONDS = 60;

export const SETTINGS: readonly SettingSpec[] = [
  {
    field: 'baseUrl',
    type: 'string',
    key: 'base-url',
    flag: true,
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
    flag: true,
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
  },
  {
    field: 'logsMaxDays',
    type: 'number',
    key: 'logs.max-days',
    env: 'AGENTS_LOGS_MAX_DAYS',
    help: 'delete runs older than this many days from the run log as runs are written',
    read: wholeNumber(1, 100_000),
  },
];

export const settingOf = (field: SettingSpec['field']): SettingSpec => SETTINGS.find((spec) => spec.field === field)!;

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
