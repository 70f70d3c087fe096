// Secrets this run knows (the token, LLM keys read for it, proxy passwords), so no printed text can
// carry them: a service that echoes the Authorization header back in an error body must not put the
// token on a CI log. A secret shorter than MIN_SECRET_LENGTH is refused where it enters
// (acceptSecret): replacing every "am" or "test" would rewrite answers, JSON keys and YAML.
import { CliError, type ErrorKind } from '../errors.js';
import { cutToWidth } from '../util/display-width.js';
const secrets = new Set<string>();

export const REDACTED = '[redacted]';

/** The shortest secret the CLI accepts, and so the shortest text the scrubber ever replaces. */
export const MIN_SECRET_LENGTH = 8;

/** Remembers a secret for scrubbing; one shorter than MIN_SECRET_LENGTH never replaces text. */
export function rememberSecret(value: string | undefined): void {
  if (value && value.length >= MIN_SECRET_LENGTH) secrets.add(value);
}

/**
 * A secret the user gave (`source` names where: a variable, a flag), remembered for scrubbing; one
 * shorter than MIN_SECRET_LENGTH is refused (exit 4 for a token, 2 otherwise), before any request.
 */
export function acceptSecret(
  value: string,
  source: string,
  kind: Extract<ErrorKind, 'auth' | 'usage'> = 'usage',
): string {
  if (value.length < MIN_SECRET_LENGTH)
    throw new CliError(kind, `${source} is shorter than ${MIN_SECRET_LENGTH} characters`, {
      hint: `A secret that short could be guessed, and could not be hidden in output without rewriting ordinary words; use one of at least ${MIN_SECRET_LENGTH} characters.`,
    });
  rememberSecret(value);
  return value;
}

/** Back to knowing none, as a new process starts: for a test process that runs many files. */
export function forgetSecrets(): void {
  secrets.clear();
}

export function scrubSecrets(text: string): string {
  let scrubbed = text;
  for (const secret of secrets) scrubbed = scrubbed.replaceAll(secret, REDACTED);
  return scrubbed;
}

/**
 * Scrubs text that arrives in pieces (a streamed answer): a secret split across two pieces is still
 * found, because the end of a piece that could be the start of a secret waits for the next piece.
 */
export class StreamScrubber {
  private held = '';

  /** `holdBack` false: each piece is scrubbed alone and written at once. */
  constructor(private readonly holdBack = true) {}

  push(text: string): string {
    const scrubbed = scrubSecrets(this.held + text);
    const keep = this.holdBack ? heldBack(scrubbed) : 0;
    this.held = scrubbed.slice(scrubbed.length - keep);
    return scrubbed.slice(0, scrubbed.length - keep);
  }

  /** What was held back, at the end of the stream. */
  flush(): string {
    const rest = this.held;
    this.held = '';
    return rest;
  }
}

/** How many characters at the end of `text` could begin a secret (a proper prefix of one). */
function heldBack(text: string): number {
  let longest = 0;
  for (const secret of secrets) {
    const first = secret[0]!;
    for (
      // From the last place a proper prefix can start (speed only: an earlier start finds places
      // whose rest is longer than the secret, which no prefix is).
      // Stryker disable next-line MethodExpression,ArithmeticOperator: an earlier start changes no result
      let at = text.indexOf(first, Math.max(0, text.length - secret.length + 1));
      at !== -1;
      at = text.indexOf(first, at + 1)
    ) {
      if (secret.startsWith(text.slice(at))) {
        longest = Math.max(longest, text.length - at);
        break;
      }
    }
  }
  return longest;
}

/**
 * Text cut to `max` columns with an ellipsis, between graphemes, scrubbed first: a secret cut in
 * half cannot be found after.
 */
export function excerpt(text: string, max: number): string {
  return cutToWidth(scrubSecrets(text), max);
}
