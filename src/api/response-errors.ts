// Turns a failed HTTP answer into one typed error with the service's own message,
// whatever shape it came in: JSON detail string, a 422 detail list, plain text, HTML.
import { ApiError, type ErrorKind } from '../errors.js';

const EXCERPT_LENGTH = 200;

// The real service answers 500 for a missing record; these are the messages it gives.
const NOT_FOUND_DETAIL = /RecordNotFound|Record to (update|delete) does not exist|'NoneType' object has no attribute|not found/i;

export function kindOfStatus(status: number, detail: string | undefined): ErrorKind {
  if (status === 400 || status === 422) return 'invalid-request';
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
}

export function serviceMessage(status: number, contentType: string, body: string): ServiceMessage {
  const json = parseJson(body);
  if (json !== undefined && typeof json === 'object' && json !== null) {
    const record = json as Record<string, unknown>;
    if (typeof record.detail === 'string') {
      return { message: record.detail, details: [], detail: record.detail };
    }
    if (Array.isArray(record.detail)) {
      const details = record.detail.map(formatValidationItem);
      return { message: `the service rejected the request (${status})`, details };
    }
    const nested = nestedMessage(record);
    if (nested) return { message: nested, details: [], detail: nested };
  }
  const text = contentType.includes('html') ? stripHtml(body) : body;
  const excerpt = oneLine(text);
  return { message: excerpt ? `HTTP ${status}: ${excerpt}` : `HTTP ${status} with an empty body`, details: [] };
}

export function apiErrorFromResponse(status: number, contentType: string, body: string): ApiError {
  const { message, details, detail } = serviceMessage(status, contentType, body);
  const kind = kindOfStatus(status, detail);
  return new ApiError(kind, status, message, { details, hint: hintFor(kind, status) });
}

function hintFor(kind: ErrorKind, status: number): string | undefined {
  switch (kind) {
    case 'auth':
      return status === 402 ? undefined : 'Check the token: run `agents login`, or set AGENTS_TOKEN.';
    case 'not-found':
      return 'Check the id: `agents list` shows the agents you can reach.';
    case 'rate-limited':
      return 'The service is rate limiting; wait and try again.';
    case 'server':
      return 'The service failed; try again, or run with --debug to see the exchange.';
    default:
      return undefined;
  }
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function stripHtml(html: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  if (title && title.trim()) return title;
  return html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ');
}

/** Collapses whitespace and control characters and cuts to a readable excerpt. */
export function oneLine(text: string, max = EXCERPT_LENGTH): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
}
