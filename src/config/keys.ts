// The settings `agents config` can read and change: those of the table with a config key.
import { CliError } from '../errors.js';
import { readSetting, SETTINGS } from './setting-specs.js';
import type { Profile } from './store.js';

export interface ConfigKey {
  name: string;
  field: keyof Profile;
  help: string;
  parse(value: string): string | number | boolean;
}

export const CONFIG_KEYS: ConfigKey[] = SETTINGS.flatMap((spec) =>
  spec.key === undefined
    ? []
    : [
        {
          name: spec.key,
          field: spec.field,
          help: spec.help,
          parse: (value: string) => readSetting(spec, value, spec.key!),
        },
      ],
);

export function findConfigKey(name: string): ConfigKey {
  const key = CONFIG_KEYS.find((candidate) => candidate.name === name);
  if (!key)
    throw new CliError('usage', `unknown setting "${name}"`, {
      hint: `Known settings: ${CONFIG_KEYS.map((k) => k.name).join(', ')}`,
    });
  return key;
}
