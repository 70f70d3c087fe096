// JSON from outside (a service's body, a field it encodes as text) is parsed only when it nests at most
// MAX_JSON_DEPTH deep: JSON.parse itself takes any depth, but everything after it (redaction, views,
// JSON.stringify) recurses, and 100,000 levels overflow the stack.
import { CliError } from '../errors.js';

const MAX_JSON_DEPTH = 512;

/** The deepest nesting of arrays and objects in JSON text (strings skipped), or Infinity past `limit`. */
function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      // A string: skip to its closing quote, past escaped characters.
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === 0x5c) i++;
        else if (inner === 0x22) break;
      }
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return Infinity;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

/** JSON.parse, refusing text nested deeper than MAX_JSON_DEPTH with a one-line error (exit 1). */
export function parseBoundedJson(text: string, what = 'the service'): unknown {
  const value: unknown = JSON.parse(text);
  if (typeof value === 'object' && value !== null && jsonDepth(text) === Infinity) {
    throw new CliError(
      'bad-response',
      `${what} sent JSON nested more than ${MAX_JSON_DEPTH} levels deep; refusing to read it`,
    );
  }
  return value;
}
