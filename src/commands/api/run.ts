import type { ApiClient, Exchange, Target } from '../../api/client.js';
import { CliError } from '../../errors.js';
import { parseBoundedJson } from '../../util/bounded-json.js';
import { readFileOrStdin } from '../../io/read-input.js';
import { escapeControlsKeepLines } from '../../ui/safe-text.js';
import { isCredentialHeader, redactJsonText } from '../../secrets/redact.js';
import { REDACTED } from '../../secrets/known.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

/** What this run receives (its spec's `uses`), as its helpers take it. */
type RunCtx = Parameters<RunOf<typeof spec>>[1];

type ApiOptions = Parameters<RunOf<typeof spec>>[0];

/** How many records a page asks for when --paginate sets no take of its own. */
const PAGE_SIZE = 50;
/** A service that keeps answering pages: stop somewhere, in pages and in bytes held. */
const MOST_PAGES = 10_000;
const MOST_PAGED_BYTES = 64 * 1024 * 1024;

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const path = apiPathOf(options.path);
  const fields = {
    ...(await pairs(options.rawField, '-f', (value) => value)),
    ...(await pairs(options.field, '-F', (value) => typedValue(value, ctx))),
  };
  const hasFields = Object.keys(fields).length > 0;
  // Fields or a body make a POST, as in gh; --paginate reads pages, so it stays a GET.
  const writes = (hasFields || options.input !== undefined) && !options.paginate;
  const method = (options.method ?? (writes ? 'POST' : 'GET')).toUpperCase();
  if (!/^[A-Z]+$/.test(method))
    throw new CliError('usage', `--method ${JSON.stringify(options.method)} is not an HTTP method`);
  const headers = Object.fromEntries(options.header.map(headerPair));
  // Fields go in the body, unless the request has none of its own (GET) or --input gives it.
  const inQuery = method === 'GET' || method === 'DELETE' || options.input !== undefined;
  const query = inQuery
    ? Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)]))
    : undefined;
  const rawBody =
    options.input !== undefined
      ? await readFileOrStdin(options.input, ctx.io.stdin, '--input')
      : !inQuery && hasFields
        ? JSON.stringify(fields)
        : undefined;
  const client = await ctx.client();
  const target: Target = { path };

  if (options.paginate) return paginate(ctx, client, method, target, { query, headers, rawBody }, options);
  const exchange = await client.exchange(method, target, { query, headers, rawBody });
  print(ctx, exchange, options.include);
  await failIfFailed(client, method, target, exchange, headers);
};

/** `tools` → /api/v1/tools; a path that starts with /api/ is taken as it is. */
export function apiPathOf(given: string): string {
  const trimmed = given.trim();
  if (trimmed === '' || /^[a-z]+:\/\//i.test(trimmed)) {
    throw new CliError('usage', `"${given}" is not a path on the service`, {
      hint: 'Give a path such as agents or /api/v1/agents; the address comes from the profile.',
    });
  }
  return trimmed.startsWith('/api/') ? trimmed : `/api/v1/${trimmed.replace(/^\/+/, '')}`;
}

async function pairs(
  given: string[],
  flag: string,
  read: (value: string) => unknown,
): Promise<Record<string, unknown>> {
  const entries: Array<[string, unknown]> = [];
  for (const pair of given) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new CliError('usage', `${flag} ${JSON.stringify(pair)} is not key=value`);
    entries.push([pair.slice(0, at), await read(pair.slice(at + 1))]);
  }
  return Object.fromEntries(entries);
}

/** -F: numbers, true, false and null as JSON; @file as the file's text (read as every input is); anything else a string. */
async function typedValue(value: string, ctx: RunCtx): Promise<unknown> {
  if (value.startsWith('@')) return readFileOrStdin(value.slice(1), ctx.io.stdin, '-F');
  if (value === 'true' || value === 'false' || value === 'null') return JSON.parse(value) as unknown;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

/** `Name: value`; a name HTTP cannot carry or a value with a line break is the user's to fix (exit 2), never sent. */
function headerPair(header: string): [string, string] {
  const at = header.indexOf(':');
  if (at <= 0) throw new CliError('usage', `-H ${JSON.stringify(header)} is not "Name: value"`);
  const [name, value] = [header.slice(0, at).trim(), header.slice(at + 1).trim()];
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    throw new CliError('usage', `-H ${JSON.stringify(name)} is not a header name`);
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value))
    throw new CliError('usage', `-H ${name}: the value holds a line break or another control character`, {
      hint: 'A header is one line: remove the CR, LF or control character.',
    });
  return [name, value];
}

/**
 * The answer as the other views show records: values under secret-named keys (a user's main token
 * in api-users/me, a tool's API key) and credential headers redacted unless --show-secrets; the
 * run's own token is scrubbed from every byte in any case.
 */
function print(ctx: RunCtx, exchange: Exchange, include: boolean): void {
  const onTerminal = ctx.out.isTerminal;
  const reveal = ctx.globals.showSecrets;
  if (include) {
    const lines = [`HTTP ${exchange.status} ${exchange.statusText}`.trim()];
    for (const [name, value] of Object.entries(exchange.headers))
      for (const one of [value ?? []].flat())
        lines.push(`${name}: ${!reveal && isCredentialHeader(name) ? REDACTED : one}`);
    const head = lines.join('\n');
    ctx.out.raw((onTerminal ? escapeControlsKeepLines(head) : head) + '\n\n');
  }
  if (exchange.text === '') return;
  const text = reveal ? exchange.text : redactJsonText(exchange.text);
  ctx.out.raw(onTerminal ? pretty(text) : text === exchange.text ? text : text + '\n');
}

/**
 * For a person: JSON indented (its strings escape control characters), anything else with its
 * control characters shown, not run: text from the service cannot drive the terminal.
 */
export function pretty(text: string): string {
  try {
    // JSON escapes C0 controls in strings, not C1 controls (CSI U+009B), bidi or zero-width characters.
    return escapeControlsKeepLines(JSON.stringify(parseBoundedJson(text), null, 2)) + '\n';
  } catch {
    const shown = escapeControlsKeepLines(text);
    return shown.endsWith('\n') ? shown : shown + '\n';
  }
}

async function failIfFailed(
  client: ApiClient,
  method: string,
  target: Target,
  exchange: Exchange,
  headers: Record<string, string>,
): Promise<void> {
  if (exchange.status >= 200 && exchange.status < 300) return;
  const ownAuthorization = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  throw await client.errorOf(method, target, exchange, ownAuthorization);
}

/** Every page's `data`, in order, as one array; a route without total_pages prints its one page. */
async function paginate(
  ctx: RunCtx,
  client: ApiClient,
  method: string,
  target: Target,
  request: { query?: Record<string, string>; headers: Record<string, string>; rawBody?: string },
  options: ApiOptions,
): Promise<void> {
  const take = Number(
    request.query?.take ??
      new URLSearchParams((target as { path: string }).path.split('?')[1] ?? '').get('take') ??
      PAGE_SIZE,
  );
  const items: unknown[] = [];
  let held = 0;
  for (let page = 0; page < MOST_PAGES; page++) {
    const exchange = await client.exchange(method, target, {
      ...request,
      query: { ...request.query, skip: String(page * take), take: String(take) },
    });
    if (exchange.status < 200 || exchange.status >= 300) {
      print(ctx, exchange, options.include);
      return failIfFailed(client, method, target, exchange, request.headers);
    }
    const body = parseBoundedJson(exchange.text) as { data?: unknown; total_pages?: unknown } | null;
    if (page === 0 && (typeof body?.total_pages !== 'number' || !Array.isArray(body?.data))) {
      print(ctx, exchange, options.include);
      return;
    }
    held += exchange.text.length;
    if (held > MOST_PAGED_BYTES)
      throw new CliError('bad-response', `--paginate stopped: the pages passed ${MOST_PAGED_BYTES / 2 ** 20} MiB`, {
        hint: 'Ask for the pages yourself with skip and take.',
      });
    items.push(...(body!.data as unknown[]));
    if (page + 1 >= (body!.total_pages as number) || (body!.data as unknown[]).length === 0) break;
  }
  const text = JSON.stringify(ctx.io.shown(items));
  ctx.out.text(ctx.out.isTerminal ? pretty(text) : text);
}
