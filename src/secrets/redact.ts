// Secrets the service may echo back: the real one nests LLM provider keys in GET /agents/{id}, and a
// tool's metadata holds its API keys (zapierNlaApiKey, bingSearchApiKey, …). A value is hidden when
// its key names a secret, unless the user asked for them with --show-secrets.
import { parseBoundedJson } from '../util/bounded-json.js';
import { REDACTED } from './known.js';

const SECRET_WORDS = new Set([
  'key',
  'apikey',
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'credential',
  'credentials',
]);

/** Whether a field or metadata key names a secret: one of its words (camelCase or snake_case) is key, token, secret, password… */
export function isSecretKey(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => SECRET_WORDS.has(word));
}

/**
 * A copy with every non-empty text or number under a secret-named key replaced by [redacted], also
 * inside JSON kept as text (the real service stores a tool's metadata as a text column).
 */
export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactSecrets) as T;
  if (typeof value === 'string') return redactJsonText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      isSecretKey(key) && isShownValue(inner) ? REDACTED : redactSecrets(inner),
    ]),
  ) as T;
}

/** JSON text with its secret-named keys' values redacted (compact when anything changed); other text as it is. */
export function redactJsonText(text: string): string {
  if (!/^\s*[[{]/.test(text) || !SECRET_HINT.test(text)) return text;
  let parsed: unknown;
  try {
    parsed = parseBoundedJson(text);
  } catch {
    return text;
  }
  const redacted = JSON.stringify(redactSecrets(parsed));
  return redacted === JSON.stringify(parsed) ? text : redacted;
}

/** Cheap test before parsing: text without any of the words holds no secret-named key. */
const SECRET_HINT = /key|token|secret|passw|passphrase|credential/i;

const isShownValue = (value: unknown) => (typeof value === 'string' && value !== '') || typeof value === 'number';

/**
 * Whether a header carries a credential: Authorization, Cookie and their kin, or any name with key,
 * token, secret or auth in it (X-Api-Key, X-Auth-Token, …). Its value is never shown.
 */
export function isCredentialHeader(name: string): boolean {
  return /cookie|key|token|secret|auth/i.test(name);
}
