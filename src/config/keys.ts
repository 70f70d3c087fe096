// The settings `agents config` can read and change, with their parsers.
import { parseTimeoutSeconds } from '../globals.js';
import { CliError } from '../errors.js';
import { normalizeBaseUrl } from './base-url.js';
import type { Profile } from './store.js';

export interface ConfigKey {
  name: string;
  field: keyof Profile;
  help: string;
  parse(value: string): string | number | boolean;
}

export const CONFIG_KEYS: ConfigKey[] = [
  {
    name: 'base-url',
    field: 'baseUrl',
    help: 'service address, without /api/v1',
    parse: normalizeBaseUrl,
  },
  {
    name: 'timeout',
    field: 'timeout',
    help: 'network timeout in seconds (default 60)',
    parse: (value) => parseTimeoutSeconds(value, 'timeout'),
  },
  {
    name: 'allow-insecure-http',
    field: 'allowInsecureHttp',
    help: 'true to allow sending the token over plain http to a non-loopback host',
    parse: parseBoolean,
  },
];

export function findConfigKey(name: string): ConfigKey {
  const key = CONFIG_KEYS.find((candidate) => candidate.name === name);
  if (!key)
    throw new CliError('usage', `unknown setting "${name}"`, {
      hint: `Known settings: ${CONFIG_KEYS.map((k) => k.name).join(', ')}`,
    });
  return key;
}

function parseBoolean(value: string): boolean {
  if (/^(true|yes|1|on)$/i.test(value)) return true;
  if (/^(false|no|0|off)$/i.test(value)) return false;
  throw new CliError('usage', `expected true or false, got "${value}"`);
}
