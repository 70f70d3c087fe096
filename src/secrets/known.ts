// Secrets this run knows (the token, LLM keys read for it, proxy passwords), so no printed text can
// carry them: a service that echoes the Authorization header back in an error body must not put the
// token on a CI log. Every length counts: a short secret is still a secret.
import { cutToWidth } from '../util/display-width.js';
const secrets = new Set<string>();

export const REDACTED = '[redacted]';

export function rememberSecret(value: string | undefined): void {
  if (value) secrets.add(value);
}

/** Back to knowing none, as a new process starts: for a test process that runs many files. */
export function forgetSecrets(): void {
  secrets.clear();
}

export function scrubSecrets(text: string): string {
  let scrubbed = text;
  for (const secret of secrets) if (scrubbed.includes(secret)) scrubbed = scrubbed.replaceAll(secret, REDACTED);
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
    if (secrets.size === 0 && this.held === '') return text;
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
