// Turns a failed HTTP answer into one typed error with the service's own message,
// whatever shape it came in: JSON detail string, a 422 detail list, plain text, HTML.
import { displayWidth, startWithin } from '../util/display-width.js';
import { excerpt, scrubSecrets } from '../secrets/known.js';
import { parseBoundedJson } from '../util/bounded-json.js';
import { ApiError, type ErrorKind } from '../errors.js';

/** About this much of a service's message is shown; the rest is counted, not printed. */
const SHOWN_MESSAGE_LENGTH = 2048;
/** A page or a bare text body is not a message: a short excerpt says enough. */
const TEXT_EXCERPT_LENGTH = 200;

// The real service answers 500 for a missing record; these are the messages it gives.
const NOT_FOUND_DETAIL =
  /RecordNotFound|Record to (update|delete) does not exist|'NoneType' object has no attribute|not found/i;

export function kindOfStatus(status: number, detail: string | undefined): ErrorKind {
  if (status === 400 || status === 413 || status === 422) return 'invalid-request';
  if (status === 401 || status === 402 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limited';
  if (status >= 500 && detail !== undefined && NOT_FOUND_DETAIL.test(detail)) return 'not-found';
  if (status >= 500) return 'server';
  return 'bad-response';
}

interface ServiceMessage {
  /** One line: the service's message. */
  message: string;
  /** Per-field lines of a validation error. */
  details: string[];
  /** The JSON detail string, when there was one. */
  detail?: string;
  /** The body was not JSON: a bare "Internal Server Error", an HTML page. */
  plainText: boolean;
}

/** Where a request went, so an error can say which address lacks which route. */
export interface RequestSite {
  baseUrl: string;
  method: string;
  /** The path under the base URL, e.g. /api/v1/agents. */
  path: string;
}

export function serviceMessage(status: number, contentType: string, body: string): ServiceMessage {
  const json = parseJson(body);
  if (json !== undefined && typeof json === 'object' && json !== null) {
    const record = json as Record<string, unknown>;
    if (typeof record.detail === 'string') {
      return { message: capText(record.detail), details: [], detail: record.detail, plainText: false };
    }
    if (Array.isArray(record.detail)) {
      const details = record.detail.slice(0, MAX_DETAIL_LINES).map((item) => capText(formatValidationItem(item)));
      if (record.detail.length > MAX_DETAIL_LINES) details.push(`… ${record.detail.length - MAX_DETAIL_LINES} more`);
      return { message: `the service rejected the request (${status})`, details, plainText: false };
    }
    const nested = nestedMessage(record);
    if (nested) return { message: capText(nested), details: [], detail: nested, plainText: false };
  }
  const text = contentType.includes('html') ? stripHtml(body) : body;
  const excerpt = capText(oneLine(text, Infinity), TEXT_EXCERPT_LENGTH);
  return {
    message: excerpt ? `HTTP ${status}: ${excerpt}` : `HTTP ${status} with an empty body`,
    details: [],
    plainText: json === undefined,
  };
}

const MAX_DETAIL_LINES = 20;

export function apiErrorFromResponse(
  status: number,
  contentType: string,
  body: string,
  site?: RequestSite,
  retryAfterMs?: number,
): ApiError {
  const said = serviceMessage(status, contentType, body);
  if (status === 404 && site && routeMissing(site, said)) {
    return new ApiError('not-found', status, `the service at ${site.baseUrl} has no ${site.path}`, {
      circumstance: { type: 'route-missing' },
      cause: new Error(said.message),
    });
  }
  // A 429 or 503 that said how long to wait, past what the retry loop waits by itself.
  const toldToWait = (status === 429 || status === 503) && retryAfterMs !== undefined;
  return new ApiError(kindOfStatus(status, said.detail), status, said.message, {
    details: said.details,
    plainText: said.plainText,
    ...(toldToWait && { circumstance: { type: 'told-to-wait', seconds: Math.ceil(retryAfterMs / 1000) } }),
  });
}

/**
 * A 404 that means "no such route", not "no such record": on a collection (the real service
 * has no 404 for a record at all), or with the web framework's bare "Not Found" or a page.
 */
function routeMissing(site: RequestSite, said: ServiceMessage): boolean {
  const segments = site.path.split('/').filter(Boolean).length; // api, v1, agents, …
  const collection = site.method === 'GET' && segments % 2 === 1;
  return collection || said.plainText || said.detail === 'Not Found';
}

function formatValidationItem(item: unknown): string {
  if (typeof item !== 'object' || item === null) return String(item);
  const { loc, msg } = item as { loc?: unknown; msg?: unknown };
  const path = Array.isArray(loc) ? loc.filter((part) => part !== 'body').join('.') : '';
  const text = typeof msg === 'string' ? msg : JSON.stringify(item);
  return path ? `${path}: ${text}` : text;
}

function nestedMessage(record: Record<string, unknown>): string | undefined {
  if (typeof record.message === 'string') return record.message;
  const error = record.error;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return undefined;
}

/** The body as JSON, or undefined when it is not JSON (or nests too deep to read safely: then it is shown as text). */
function parseJson(text: string): unknown {
  try {
    return parseBoundedJson(text);
  } catch {
    return undefined;
  }
}

function stripHtml(html: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  if (title?.trim()) return title;
  return html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ');
}

/** At most SHOWN_MESSAGE_LENGTH columns, then how much was left out. */
function capText(text: string, max = SHOWN_MESSAGE_LENGTH): string {
  const scrubbed = scrubSecrets(text); // before the cut: half a secret would no longer be found
  if (displayWidth(scrubbed) <= max) return scrubbed;
  const shown = startWithin(scrubbed, max); // between graphemes: no half an emoji
  return `${shown}… ${Buffer.byteLength(scrubbed.slice(shown.length))} more bytes`;
}

/** Collapses whitespace and control characters and cuts to a readable excerpt. */
export function oneLine(text: string, max = 200): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  return excerpt(text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim(), max);
}
