// The global flags, valid before or after the subcommand: specs like any command's flags, read by
// the same code (commands/options.ts). --base-url and --timeout are settings too: their flag,
// variable, profile value and `config set` share one reader and its bounds (config/setting-specs.ts).
import { off, on } from './flags.js';
import { anyText } from '../util/readers.js';
import type { Flags, Options, ValueFlag } from './define.js';
import { settingOf } from '../config/setting-specs.js';

/** A setting's flag: its help and reader from the settings table. */
function settingFlag(field: 'baseUrl' | 'timeout', placeholder: string): ValueFlag<unknown, false> {
  const spec = settingOf(field);
  return {
    type: 'value',
    help: `${spec.help} (env ${spec.env})`,
    placeholder,
    read: spec.read!,
    complete: { kind: 'free' },
  };
}

export const GLOBAL_FLAGS = {
  baseUrl: settingFlag('baseUrl', 'url') as ValueFlag<string, false>,
  // Any text: settings.ts says what a profile name may be, for the flag and AGENTS_PROFILE alike.
  profile: {
    type: 'value',
    help: 'config profile to use (env AGENTS_PROFILE)',
    placeholder: 'name',
    read: anyText,
    complete: { kind: 'profiles' },
  } as ValueFlag<string, false>,
  json: on('print one JSON document on stdout'),
  jq: {
    type: 'value',
    help: "filter the --json document with a jq expression (implies --json; a string prints as text), e.g. --jq '.[].name'",
    placeholder: 'expression',
    read: anyText,
    complete: { kind: 'free' },
  } as ValueFlag<string, false>,
  quiet: on('print only what a script needs', { short: '-q' }),
  input: off('never prompt; fail when a value is missing'),
  color: off('disable colour'),
  debug: on('log requests and responses to stderr (token redacted)'),
  showSecrets: on("show values whose key names a secret (e.g. a tool's API key in its metadata); hidden otherwise"),
  timeout: settingFlag('timeout', 'seconds') as ValueFlag<number, false>,
  log: off('keep this command out of the run log (agents logs; env AGENTS_NO_LOG=1)'),
} satisfies Flags;

export type GlobalOptions = Options<typeof GLOBAL_FLAGS, []>;
