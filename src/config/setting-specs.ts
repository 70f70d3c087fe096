// Every setting a profile holds, described once: its config key, flag, environment variable,
// default, help text and parser. Resolution (settings.ts), `agents config`, the global flags,
// `agents help environment` and the config file's check all read this table.
import { CliError } from '../errors.js';
import { decimal } from '../util/decimal.js';
import { normalizeBaseUrl } from './base-url.js';

export type SettingValue = string | number | boolean;

export interface SettingSpec {
  /** Its field in a profile of config.json. */
  field: 'baseUrl' | 'token' | 'timeout' | 'allowInsecureHttp';
  type: 'string' | 'number' | 'boolean';
  /** Its name for `agents config get|set|unset`; none for the token, which `agents login` saves. */
  key?: string;
  /** Its global flag (`--timeout <seconds>`), when it has one. */
  flag?: string;
  env: string;
  default?: SettingValue;
  help: string;
  /** What `help environment` says of the variable, when the help text does not fit it. */
  envHelp?: string;
  /** Reads a value given as text (a flag, a variable, `config set`); `source` names it in errors. */
  parse(value: string, source: string): SettingValue;
  /** Reads the variable, when it is read otherwise; undefined leaves the setting to the profile. */
  fromEnv?(value: string): SettingValue | undefined;
}

export function parseTimeoutSeconds(value: string, source = '--timeout'): number {
  const seconds = decimal(value);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new CliError('usage', `${source} must be a positive number of seconds, got "${value}"`);
  }
  return seconds;
}

/**
 * A bearer token as given: whitespace at either end goes (a key file saved on Windows ends in CR,
 * and `$(cat key.txt)` keeps it); one that still holds a control, space or non-ASCII character
 * cannot be a token, and is the user's input to fix (exit 4), never a network failure.
 */
function parseToken(value: string, source: string): string {
  const token = value.trim();
  const bad = /[^\x21-\x7e]/.exec(token);
  if (bad) {
    const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw new CliError('auth', `${source} holds a character no token has (U+${code} at position ${bad.index + 1})`, {
      hint: 'Copy the token again, without line breaks or spaces.',
    });
  }
  return token;
}

function parseBoolean(value: string): boolean {
  if (/^(true|yes|1|on)$/i.test(value)) return true;
  if (/^(false|no|0|off)$/i.test(value)) return false;
  throw new CliError('usage', `expected true or false, got "${value}"`);
}

export const DEFAULT_TIMEOUT_SECONDS = 60;

export const SETTINGS: readonly SettingSpec[] = [
  {
    field: 'baseUrl',
    type: 'string',
    key: 'base-url',
    flag: '--base-url <url>',
    env: 'AGENTS_BASE_URL',
    help: 'service address, without /api/v1',
    parse: normalizeBaseUrl,
  },
  {
    field: 'token',
    type: 'string',
    env: 'AGENTS_TOKEN',
    help: 'bearer token',
    envHelp: 'bearer token; overrides the saved one (CI)',
    parse: parseToken,
  },
  {
    field: 'timeout',
    type: 'number',
    key: 'timeout',
    flag: '--timeout <seconds>',
    env: 'AGENTS_TIMEOUT',
    default: DEFAULT_TIMEOUT_SECONDS,
    help: `network timeout in seconds: connect, first byte, a pause in a stream, a whole non-streamed answer (default ${DEFAULT_TIMEOUT_SECONDS})`,
    parse: parseTimeoutSeconds,
  },
  {
    field: 'allowInsecureHttp',
    type: 'boolean',
    key: 'allow-insecure-http',
    env: 'AGENTS_ALLOW_INSECURE_HTTP',
    default: false,
    help: 'true to allow sending the token over plain http to a non-loopback host',
    envHelp: '1 lets the token travel over plain http to a host other than loopback',
    parse: parseBoolean,
    // Only "1" turns it on; anything else leaves it to the profile.
    fromEnv: (value) => (value === '1' ? true : undefined),
  },
];

export const settingOf = (field: SettingSpec['field']): SettingSpec => SETTINGS.find((spec) => spec.field === field)!;
