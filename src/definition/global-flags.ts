// The global flags, valid before or after the subcommand: specs like any command's flags, read by
// the same code (commands/options.ts). A setting's flag (--base-url, --timeout) is made from its row
// of the settings table: its flag, variable, profile value and `config set` share one reader and
// its bounds (config/setting-specs.ts), and a new row with `flag` is a new global flag here. The
// flags of the output formats (--json, --jq) come from their table (output-formats.ts).
import { off, on } from './flags.js';
import { anyText } from '../util/readers.js';
import type { Flags, Options, ValueFlag } from './define.js';
import { SETTINGS, type FlagSetting, type ValueOfSetting } from '../config/setting-specs.js';
import { FORMAT_FLAGS } from './output-formats.js';

type SettingFlags = { [S in FlagSetting as S['field']]: ValueFlag<ValueOfSetting<S>, false> };

/** Each setting's flag: its help, placeholder and reader from its row of the settings table. */
const SETTING_FLAGS = Object.fromEntries(
  SETTINGS.flatMap((spec) =>
    spec.flag
      ? [
          [
            spec.field,
            {
              type: 'value',
              help: `${spec.help} (env ${spec.env})`,
              placeholder: spec.flag.placeholder,
              read: spec.read!,
              complete: { kind: 'free' },
            } satisfies ValueFlag<unknown, false>,
          ],
        ]
      : [],
  ),
) as SettingFlags;

export const GLOBAL_FLAGS = {
  ...SETTING_FLAGS,
  // Any text: settings.ts says what a profile name may be, for the flag and AGENTS_PROFILE alike.
  profile: {
    type: 'value',
    help: 'config profile to use (env AGENTS_PROFILE)',
    placeholder: 'name',
    read: anyText,
    complete: { kind: 'profiles' },
  } as ValueFlag<string, false>,
  ...FORMAT_FLAGS,
  quiet: on('print only what a script needs', { short: '-q' }),
  input: off('never prompt; fail when a value is missing'),
  color: off('disable colour'),
  debug: on('log requests and responses to stderr (token redacted)'),
  showSecrets: on("show values whose key names a secret (e.g. a tool's API key in its metadata); hidden otherwise"),
  log: off('keep this command out of the run log (agents logs; env AGENTS_NO_LOG=1)'),
} satisfies Flags;

export type GlobalOptions = Options<typeof GLOBAL_FLAGS, []>;
