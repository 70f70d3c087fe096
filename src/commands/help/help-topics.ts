import { SETTINGS } from '../../config/setting-specs.js';
import { EXIT_CODE_MEANINGS } from '../../errors.js';
import { twoColumns } from '../help-text.js';

/** The name of `help`'s argument: completion offers the commands and topics for it. */
export const HELP_ARGUMENT = 'command-or-topic';

/**
 * Every environment variable the CLI reads, once: `help environment` prints it and a test holds
 * README's table and the source to it.
 */
export const ENVIRONMENT: Array<[string, string]> = [
  ...SETTINGS.map((spec): [string, string] => [spec.env, spec.envHelp ?? spec.help]),
  ['AGENTS_PROFILE', 'profile name (default "default")'],
  ['AGENTS_CONFIG_DIR', 'folder for config.json and state.json (default $XDG_CONFIG_HOME/agents or ~/.config/agents)'],
  ['AGENTS_LLM_API_KEY', 'the key for `llms create` and `llms update` (or --api-key-stdin); never shown'],
  ['AGENTS_KEY_*', 'keys a stack file may name (apiKeyEnv: AGENTS_KEY_OPENAI); the CLI itself reads none'],
  ['AGENTS_SUFFIX', '--suffix of apply, diff, destroy, export and eval: an isolated copy of a stack (e.g. -pr-123)'],
  [
    'AGENTS_LOGS_DB',
    'the run log (agents logs path); default logs.db beside config.json when AGENTS_CONFIG_DIR is set, else $XDG_DATA_HOME/agents',
  ],
  ['AGENTS_EMULATOR_TOKEN_DELAY_MS', "pause between the emulator's streamed tokens (default 8; 0 = at once)"],
  [
    'AGENTS_CACHE_DIR',
    'where the compiled CLI is kept between runs (default $XDG_CACHE_HOME/agents or ~/.cache/agents)',
  ],
  [
    'AGENTS_LIVE_OUTPUT',
    '1 makes --version, --help and completion scripts come from the program, not the shipped files (tests)',
  ],
  ['NO_COLOR, FORCE_COLOR, TERM=dumb', 'colour; TERM=dumb also stops the spinner'],
  ['CI', 'never prompt, never animate'],
  [
    'GITHUB_STEP_SUMMARY',
    'a file eval, merge, report, compare, diff and apply append a Markdown summary to (as --summary)',
  ],
  [
    'GITHUB_ACTIONS, GITHUB_WORKSPACE',
    'true: failing cases and file problems are also annotations, the file relative to the workspace',
  ],
  ['HTTPS_PROXY, HTTP_PROXY, NO_PROXY', 'proxy (never used for a loopback service)'],
  ['VISUAL, EDITOR', 'editor for multi-line answers in prompts'],
];

// `agents help environment` and `agents help exit-codes`: the tables README shows too
// (a test keeps them equal). Each
// text is laid out when asked for: this module loads with every command.
export const HELP_TOPICS: Record<string, { summary: string; readonly text: string }> = {
  environment: {
    summary: 'Environment variables agents reads',
    get text() {
      return `Environment variables (flag > environment > profile > default):\n\n${twoColumns(ENVIRONMENT, { nameWidth: 29 })}\n`;
    },
  },
  'exit-codes': {
    summary: 'What each exit code means',
    get text() {
      return `Exit codes:

${twoColumns(
  EXIT_CODE_MEANINGS.map(([code, meaning]) => [String(code).padStart(3), meaning]),
  { left: 2, nameWidth: 5 },
)}

A reader that goes away (| head) changes nothing: the command finishes with
its own code. With --json, a failure is one document on stdout holding
"error" (kind, message, exitCode).
`;
    },
  },
};
