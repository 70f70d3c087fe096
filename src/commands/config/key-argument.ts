// The <key> argument of `agents config get|set|unset`: one of the settings a profile holds.
import { CONFIG_KEYS } from '../../config/keys.js';
import { oneOf } from '../../util/readers.js';
import { requiredArg } from '../../definition/flags.js';

const KEY_NAMES = CONFIG_KEYS.map((key) => key.name);

/** The <key> argument: one of the settings a profile holds. */
export const keyArgument = () =>
  requiredArg('key', 'setting name', {
    read: oneOf(KEY_NAMES),
    complete: { kind: 'choices', choices: KEY_NAMES },
  });
