// Secrets the service may echo back: the real one nests LLM provider keys in GET /agents/{id}, and a
// tool's metadata holds its API keys (zapierNlaApiKey, bingSearchApiKey, …). A value is hidden when
// its key names a secret, unless the user asked for them with --show-secrets.
import { parseBoundedJson } from '../util/bounded-json.js';
import { REDACTED } from './known.js';

/** Words that make a key secret wherever they stand in it: `apiKey`, `x_auth_token`, `dbPwd`, `Authorization`. */
const SECRET_WORDS = new Set([
  'key',
  'apikey',
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'credential',
  'credentials',
  'authorization',
  'cookie',
  'cookies',
  'jwt',
]);

/**
 * Words that make a key secret when they end it, as its noun (`auth`, `basicAuth`, `db_pass`,
 * `session`), but not when another word names something else about them (`authType`,
 * `passThrough`, `sessionId`, `sessionTimeout`).
 */
const SECRET_LAST_WORDS = new Set(['auth', 'pass', 'session']);

/**
 * Whether a field or metadata key names a secret, in any case and with any separator: one of its
 * words is key, token, secret, password, pwd, credential(s), authorization, cookie, jwt…, or its
 * last word is auth, pass or session.
 */
export function isSecretKey(key: string): boolean {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  // Stryker disable next-line Regex: one separator at a time leaves empty words, which the filter drops
  const words = spaced.split(/[^a-z0-9]+/).filter(Boolean);
  // Stryker disable next-line StringLiteral: a key of no words has no last word; any text not in the set does
  return words.some((word) => SECRET_WORDS.has(word)) || SECRET_LAST_WORDS.has(words.at(-1) ?? '');
}

/**
 * A URL's user password (`https://user:pw@host`, `postgres://u:pw@host/db`): the password is group 2.
 * The scheme is bounded (RFC 3986 puts no limit; 32 is plenty): unbounded, a long run of letters
 * before an `=` is scanned again from every letter, and a service's 200 KB text took 20 s.
 */
const URL_PASSWORD = /([a-z][a-z0-9+.-]{0,31}:\/\/[^\s/?#@:]*:)([^\s/?#@]+)(@)/gi;
/** `name=value` in a query string or a connection string (`?api_key=…`, `Password=…;`): name 2, value 4. */
const NAMED_VALUE = /(^|[?&;\s])([A-Za-z][\w.-]*)(\s*=\s*)([^&;\s]+)/g;

/**
 * Text with the credentials it carries hidden: a URL's password, and the value of a secret-named
 * parameter of a query or connection string. Anything else stays as it is.
 */
export function redactCredentialsIn(text: string): string {
  // Stryker disable next-line ConditionalExpression: a fast path; the patterns below find nothing in such text either
  if (!CREDENTIAL_HINT.test(text)) return text;
  const withoutPasswords = URL_USER.test(text) ? text.replace(URL_PASSWORD, `$1${REDACTED}$3`) : text;
  // Parameters only in a URL or a connection string, not in prose ("a key=value list").
  if (!holdsParameters(withoutPasswords.trim())) return withoutPasswords;
  return withoutPasswords.replace(NAMED_VALUE, (whole, before: string, name: string, equals: string) =>
    isSecretKey(name) ? `${before}${name}${equals}${REDACTED}` : whole,
  );
}

/**
 * One word (a URL, `a=1&b=2`) or a `name=value;` list: where parameters are data. Each part of the
 * pattern stops at a character the next cannot take, so it runs in linear time on any text.
 */
const holdsParameters = (trimmed: string) =>
  !/\s/.test(trimmed) || /^[\w .-]+=[^;]*(?:;[\w .-]+=[^;]*)+;?$/.test(trimmed);

/** Whether a text value holds a credential (redactCredentialsIn would change it). */
export const holdsCredential = (text: string): boolean => redactCredentialsIn(text) !== text;

/** Cheap tests before the patterns: a URL's user part; that, or a `=`. */
const URL_USER = /:\/\/[^\s/]*@/;
const CREDENTIAL_HINT = /:\/\/[^\s/]*@|=/;

/**
 * A copy with every non-empty text or number under a secret-named key replaced by [redacted], and
 * the credentials inside any other text hidden (a URL's password), also inside JSON kept as text
 * (the real service stores a tool's metadata as a text column).
 */
export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactSecrets) as T;
  if (typeof value === 'string') return redactCredentialsIn(redactJsonText(value)) as T;
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
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a fast path; what it skips is not changed below either
  if (!/^\s*[[{]/.test(text) || !SECRET_HINT.test(text)) return text;
  let parsed: unknown;
  // Stryker disable BlockStatement: emptied, either block leaves parsed undefined, which returns the text as the catch does
  try {
    parsed = parseBoundedJson(text);
  } catch {
    return text;
  }
  // Stryker restore BlockStatement
  const redacted = JSON.stringify(redactSecrets(parsed));
  return redacted === JSON.stringify(parsed) ? text : redacted;
}

/** Cheap test before parsing: text without any of the words (or a URL's user part) holds no secret. */
const SECRET_HINT = /key|token|secret|pass|pwd|credential|auth|cookie|jwt|session|:\/\/[^\s/]*@/i;

const isShownValue = (value: unknown) => (typeof value === 'string' && value !== '') || typeof value === 'number';

/**
 * Whether a header carries a credential: Authorization, Cookie and their kin, or any name with key,
 * token, secret, auth, session, jwt or pass in it (X-Api-Key, X-Auth-Token, …). Its value is never shown.
 */
export function isCredentialHeader(name: string): boolean {
  return /cookie|key|token|secret|auth|session|jwt|pass/i.test(name);
}
