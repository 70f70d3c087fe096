// The global flags of design §2, valid before or after the subcommand.
import { Option, type Command } from 'commander';
import { parseTimeoutSeconds, settingOf } from './config/setting-specs.js';

export interface GlobalOptions {
  baseUrl?: string;
  profile?: string;
  json: boolean;
  quiet: boolean;
  /** false with --no-input: never prompt. */
  input: boolean;
  /** false with --no-color. */
  color: boolean;
  debug: boolean;
  /** Seconds, from --timeout. */
  timeout?: number;
  /** --show-secrets: values under secret-named keys (tool metadata keys, …) in clear. */
  showSecrets: boolean;
}

/** A setting's flag, with its help and variable from the settings table. */
const settingFlag = (field: 'baseUrl' | 'timeout') => {
  const spec = settingOf(field);
  return new Option(spec.flag!, `${spec.help} (env ${spec.env})`);
};

export function addGlobalOptions(program: Command): Command {
  return program
    .addOption(settingFlag('baseUrl'))
    .option('--profile <name>', 'config profile to use (env AGENTS_PROFILE)')
    .option('--json', 'print one JSON document on stdout')
    .option('-q, --quiet', 'print only what a script needs')
    .option('--no-input', 'never prompt; fail when a value is missing')
    .option('--no-color', 'disable colour')
    .option('--debug', 'log requests and responses to stderr (token redacted)')
    .option(
      '--show-secrets',
      "show values whose key names a secret (e.g. a tool's API key in its metadata); hidden otherwise",
    )
    .addOption(settingFlag('timeout').argParser((value) => parseTimeoutSeconds(value)));
}

/** The globals as commander parsed them, wherever they appeared on the line. */
export function readGlobals(command: Command): GlobalOptions {
  const o = command.optsWithGlobals<Record<string, unknown>>();
  return {
    baseUrl: typeof o.baseUrl === 'string' ? o.baseUrl : undefined,
    profile: typeof o.profile === 'string' ? o.profile : undefined,
    json: o.json === true,
    quiet: o.quiet === true,
    input: o.input !== false,
    color: o.color !== false,
    debug: o.debug === true,
    timeout: typeof o.timeout === 'number' ? o.timeout : undefined,
    showSecrets: o.showSecrets === true,
  };
}
