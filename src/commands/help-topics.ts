import { twoColumns } from './help-text.js';

/** The name of `help`'s argument: completion offers the commands and topics for it. */
export const HELP_ARGUMENT = 'command-or-topic';

/**
 * Every environment variable the CLI reads, once: `help environment` prints it and a test holds
 * README's table and the source to it.
 */
export const ENVIRONMENT: Array<[string, string]> = [
  ['AGENTS_BASE_URL', 'service address, without /api/v1'],
  ['AGENTS_TOKEN', 'bearer token; overrides the saved one (CI)'],
  ['AGENTS_PROFILE', 'profile name (default "default")'],
  ['AGENTS_CONFIG_DIR', 'folder for config.json and state.json (default $XDG_CONFIG_HOME/agents or ~/.config/agents)'],
  ['AGENTS_TIMEOUT', 'network timeout in seconds (default 60)'],
  ['AGENTS_ALLOW_INSECURE_HTTP', '1 lets the token travel over plain http to a host other than loopback'],
  ['AGENTS_LLM_API_KEY', 'the key for `llms create` and `llms update` (or --api-key-stdin); never shown'],
  ['AGENTS_KEY_*', 'keys a stack file may name (apiKeyEnv: AGENTS_KEY_OPENAI); the CLI itself reads none'],
  ['AGENTS_EMULATOR_TOKEN_DELAY_MS', "pause between the emulator's streamed tokens (default 8; 0 = at once)"],
  [
    'AGENTS_CACHE_DIR',
    'where Node 22.1+ keeps the compiled CLI between runs (default $XDG_CACHE_HOME/agents or ~/.cache/agents)',
  ],
  [
    'AGENTS_LIVE_OUTPUT',
    '1 makes --version, --help and completion scripts come from the program, not the shipped files (tests)',
  ],
  ['NO_COLOR, FORCE_COLOR, TERM=dumb', 'colour; TERM=dumb also stops the spinner'],
  ['CI', 'never prompt, never animate'],
  ['HTTPS_PROXY, HTTP_PROXY, NO_PROXY', 'proxy (never used for a loopback service)'],
  ['VISUAL, EDITOR', 'editor for multi-line answers in prompts'],
];

// `agents help environment` and `agents help exit-codes`: the tables of design §3 and §6.
export const HELP_TOPICS: Record<string, { summary: string; text: string }> = {
  environment: {
    summary: 'Environment variables agents reads',
    text: `Environment variables (flag > environment > profile > default):\n\n${twoColumns(ENVIRONMENT, { nameWidth: 29 })}\n`,
  },
  'exit-codes': {
    summary: 'What each exit code means',
    text: `Exit codes:

    0  success
    1  the service failed or answered something unusable (5xx, bad body,
       event: error); agents eval: a case failed; a confirmation answered No
       (nothing was done)
    2  invalid input: bad flags, missing values off a terminal, unreadable file
       or config, or the service rejected the request as invalid (400/422)
    3  could not reach the service: DNS, refused, TLS, timeout
    4  authentication or permission (401, 402, 403), or no token configured;
       the real service's bare 500 for a token it cannot read
    5  not found (404, or the real service's 500 for a missing agent)
    6  the structured output did not match --output-schema
    7  agents diff only: a failure other commands report as 1
  130  interrupted (Ctrl-C)

A reader that goes away (| head) changes nothing: the command finishes with
its own code. With --json, a failure is one document on stdout holding
"error" (kind, message, exitCode).
`,
  },
};
