// A small transport over undici.request: explicit method, /api/v1 paths with
// encoded segments, bearer token, timeouts, bounded retries, bodies always consumed.
import { Readable } from 'node:stream';
import { parseBoundedJson } from '../util/bounded-json.js';
import { setTimeout } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { Agent, EnvHttpProxyAgent, proxyClient, request } from './undici-parts.js';
import { ApiError, CliError } from '../errors.js';
import { classifyNetworkError, networkError, safeHost } from './network-errors.js';
import { assertProxyUsable, proxyFor } from './proxy.js';
import { isLoopbackHost } from '../config/base-url.js';
import { apiErrorFromResponse, oneLine, type RequestSite } from './response-errors.js';
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  isRetryable,
  parseRetryAfter,
  type RetryPolicy,
  type RetryReason,
} from './retry.js';
import { monotonicMs } from '../util/monotonic.js';
import { isCredentialHeader, isSecretKey, redactJsonText } from '../secrets/redact.js';
import { REDACTED } from '../secrets/known.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Where a request goes: path segments under /api/v1 (each encoded), or a path given whole (`agents api`). */
export type Target = string[] | { path: string };

const pathOf = (target: Target): string => (Array.isArray(target) ? apiPath(target) : target.path);

export interface ClientOptions {
  baseUrl: string;
  token: string;
  timeoutSeconds: number;
  userAgent: string;
  dispatcher?: Dispatcher;
  debug?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  signal?: AbortSignal;
  retry?: Partial<RetryPolicy>;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  accept?: string;
  signal?: AbortSignal;
  /** Send it once, never retried (a follow-up question, not the user's request). */
  once?: boolean;
}

interface SendOptions extends RequestOptions {
  /** Attempts already spent on this request: one budget of retries, whichever loop retries. */
  spent?: { attempts: number };
  /** Each attempt must finish within the timeout, body included (not for streams). */
  deadline?: boolean;
  /** More headers (`agents api -H`); they win over the defaults. */
  headers?: Record<string, string>;
  /** A body sent as given, not as JSON of `body`. */
  rawBody?: string;
  /** Hand back a failed answer instead of throwing it (`agents api` prints it). */
  raw?: boolean;
}

/** What `agents api` prints: the answer as it came, whatever its status. */
export interface Exchange {
  status: number;
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface JsonResponse {
  status: number;
  /** `data` of the {success, data} envelope, or the bare body. */
  data: unknown;
  /** The whole parsed body (lists carry total_pages beside data). */
  body: unknown;
}

export interface RawResponse {
  status: number;
  contentType: string;
  headers: Dispatcher.ResponseData['headers'];
  body: Dispatcher.ResponseData['body'];
  /** Aborts the attempt when its whole-response deadline passes. */
  deadline?: AbortSignal;
}

/** The most of one answer read into memory (JSON, error bodies, a non-streamed invoke). */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;
const CONNECT_TIMEOUT_CAP_MS = 10_000;

/** One encoded path segment: "../x" stays one segment, never a path. */
function encodeSegment(segment: string): string {
  // URL parsers resolve "." and ".." (even as %2E%2E), so no request could carry them.
  if (segment === '' || segment === '.' || segment === '..') {
    throw new CliError('usage', `"${segment}" is not a valid id`);
  }
  return encodeURIComponent(segment);
}

function apiPath(segments: string[]): string {
  return '/api/v1/' + segments.map(encodeSegment).join('/');
}

export class ApiClient {
  private readonly dispatcher: Dispatcher;
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;
  /** Whether the service rejects this token, once a bare 500 made it ask (withTokenChecked). */
  private tokenRejected: Promise<boolean> | undefined;

  constructor(private readonly options: ClientOptions) {
    if (!options.dispatcher) assertProxyUsable(options.baseUrl);
    this.timeoutMs = Math.round(options.timeoutSeconds * 1000);
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    const connect = { timeout: Math.min(this.timeoutMs, CONNECT_TIMEOUT_CAP_MS) };
    // A loopback service is reached directly, never through an environment proxy (see proxy.ts).
    this.dispatcher =
      options.dispatcher ??
      (isLoopbackHost(new URL(options.baseUrl).hostname)
        ? new Agent({ connect })
        : new EnvHttpProxyAgent({ connect, clientFactory: proxyClient }));
  }

  url(target: Target, query?: RequestOptions['query']): string {
    const [path, given = ''] = pathOf(target).split('?', 2);
    const params = new URLSearchParams(given);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) params.set(key, String(value));
    }
    const search = params.size > 0 ? `?${params.toString()}` : '';
    return this.options.baseUrl + path + search;
  }

  /**
   * Any request, its answer handed back whole whatever the status (`agents api`): the same
   * timeouts, retries, redirect refusal and size cap as every other call.
   */
  async exchange(
    method: string,
    target: Target,
    options: Pick<SendOptions, 'query' | 'headers' | 'rawBody' | 'accept'> = {},
  ): Promise<Exchange> {
    const response = await this.send(method as Method, target, { ...options, deadline: true, raw: true });
    const text = await readText(response.body, MAX_BODY_BYTES).catch((error: unknown) => {
      if (error instanceof CliError) throw error;
      throw response.deadline?.aborted
        ? this.deadlineError(target, 'body')
        : networkError(error, this.options.baseUrl, this.options.timeoutSeconds);
    });
    return {
      status: response.status,
      statusText: statusText(response.status),
      headers: response.headers,
      text,
    };
  }

  /** The CliError an answer stands for (exit code from the one table), a token check included. */
  async errorOf(method: string, target: Target, exchange: Exchange): Promise<unknown> {
    const contentType = headerValue(exchange.headers['content-type']) ?? '';
    return this.withTokenChecked(
      apiErrorFromResponse(exchange.status, contentType, exchange.text, this.site(method as Method, target)),
    );
  }

  /**
   * Sends a request and returns the decoded JSON; any non-2xx becomes a typed error. The whole
   * answer must arrive within --timeout (a body dripped byte by byte never resets it), and a
   * body cut short is a network failure: a GET is sent again, as for a reset.
   */
  async json(method: Method, segments: string[], options: RequestOptions = {}): Promise<JsonResponse> {
    try {
      return await this.requestJson(method, segments, options);
    } catch (error) {
      throw await this.withTokenChecked(error);
    }
  }

  /**
   * The real service answers a token it cannot decode with a bare plain-text 500 on every route,
   * as it does some other failures: one cheap authenticated GET (a one-item list), asked once per
   * run, tells a rejected token (exit 4) from a service failure.
   */
  private async withTokenChecked(error: unknown): Promise<unknown> {
    // Without a token (signing up) there is none to check: the 500 is the service's.
    if (!(error instanceof ApiError) || error.status !== 500 || !error.plainText || !this.options.token) return error;
    const bare500 = (failure: unknown) => failure instanceof ApiError && failure.status === 500 && failure.plainText;
    this.tokenRejected ??= this.requestJson('GET', ['agents'], { query: { skip: 0, take: 1 }, once: true }).then(
      () => false,
      bare500,
    );
    if (!(await this.tokenRejected)) {
      error.hint =
        'The service failed without saying why (it accepts the token). Try again, or run with --debug to see the exchange.';
      return error;
    }
    return new CliError('auth', 'the service rejected the token', {
      hint: 'It answers every request with a bare 500, as it does for a token it cannot read. Check the token: run `agents login`, or set AGENTS_TOKEN.',
      cause: error,
    });
  }

  private async requestJson(method: Method, segments: string[], options: RequestOptions): Promise<JsonResponse> {
    const maxRetries = options.once ? 0 : this.retry.maxRetries;
    // send() retries refusals and 5xx within the same budget: a request goes out maxRetries + 1 times at most.
    const spent = { attempts: 0 };
    for (;;) {
      const response = await this.send(method, segments, {
        accept: 'application/json',
        ...options,
        deadline: true,
        spent,
      });
      const attempt = spent.attempts - 1;
      let text: string;
      try {
        text = await readText(response.body, MAX_BODY_BYTES);
      } catch (error) {
        if (error instanceof CliError) throw error;
        const failure = response.deadline?.aborted ? 'deadline' : classifyNetworkError(error);
        this.debug(`← body failed (${failure}): ${(error as Error).message}`);
        if (failure === 'reset' && attempt < maxRetries && isRetryable(method, 'reset')) {
          await this.wait(backoffDelay(attempt, this.retry, this.random), 'body cut short');
          continue;
        }
        throw failure === 'deadline'
          ? this.deadlineError(segments, 'body')
          : networkError(error, this.options.baseUrl, this.options.timeoutSeconds);
      }
      if (response.status < 200 || response.status >= 300) {
        throw apiErrorFromResponse(response.status, response.contentType, text, this.site(method, segments));
      }
      const body = parseJsonBody(text, response.status);
      return { status: response.status, data: unwrapEnvelope(body, response.status), body };
    }
  }

  /**
   * A request given up while its proxy tunnel was being set up still holds a socket to the proxy
   * (undici does not hear the abort there), which would keep the process alive: close them all.
   */
  private dropProxyConnections(url: string): void {
    if (!this.options.dispatcher && proxyFor(url)) this.dispatcher.destroy().catch(() => undefined);
  }

  /** No headers within --timeout: a proxy on the way is the likelier culprit, so it is named. */
  private noAnswerError(url: string, segments: Target): CliError {
    const proxy = this.options.dispatcher ? undefined : proxyFor(url);
    if (!proxy) return this.deadlineError(segments, 'headers');
    return new CliError(
      'timeout',
      `no answer from ${safeHost(url)} through the proxy ${safeHost(proxy.url)} (${proxy.variable}) within ${this.options.timeoutSeconds}s`,
      {
        hint: `The proxy may refuse to connect to this host: check ${proxy.variable}, or add the host to NO_PROXY.`,
      },
    );
  }

  /** The whole-response deadline passed: before the headers ("did not answer") or during the body. */
  private deadlineError(segments: Target, during: 'headers' | 'body'): CliError {
    const what = during === 'headers' ? 'did not answer' : `did not finish answering ${pathOf(segments)}`;
    return new CliError('timeout', `${safeHost(this.options.baseUrl)} ${what} within ${this.options.timeoutSeconds}s`, {
      hint: 'Raise --timeout if the service is slow.',
    });
  }

  /**
   * Sends a request and hands back the open response for the caller to read
   * (streams). Non-2xx answers are read and thrown as typed errors here.
   */
  async open(method: Method, segments: string[], options: RequestOptions = {}): Promise<RawResponse> {
    try {
      const response = await this.send(method, segments, options);
      if (response.status < 200 || response.status >= 300) {
        const text = await readText(response.body, MAX_BODY_BYTES);
        throw apiErrorFromResponse(response.status, response.contentType, text, this.site(method, segments));
      }
      return response;
    } catch (error) {
      throw await this.withTokenChecked(error);
    }
  }

  private async send(method: Method, segments: Target, options: SendOptions): Promise<RawResponse> {
    const url = this.url(segments, options.query);
    const headers: Record<string, string> = {
      // No token: the one route that needs none (signing up).
      ...(this.options.token && { authorization: `Bearer ${this.options.token}` }),
      accept: options.accept ?? 'application/json',
      'user-agent': this.options.userAgent,
    };
    const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
    const signal = options.signal ?? this.options.signal;
    const maxRetries = options.once ? 0 : this.retry.maxRetries;

    const spent = options.spent ?? { attempts: 0 };
    for (let attempt = spent.attempts; ; attempt++) {
      spent.attempts = attempt + 1;
      const started = monotonicMs();
      const deadline = options.deadline ? AbortSignal.timeout(this.timeoutMs) : undefined;
      // Until the headers arrive, --timeout bounds the attempt whatever happens on the way: undici's
      // ProxyAgent reconnects forever to a proxy that drops CONNECT (undici #3897), untouched by its timeouts.
      const firstByte = new AbortController();
      const firstByteTimer = globalThis.setTimeout(() => firstByte.abort(), this.timeoutMs);
      const attemptSignal = AbortSignal.any(
        [signal, deadline, firstByte.signal].filter((s): s is AbortSignal => s !== undefined),
      );
      this.debug(`→ ${method} ${urlForLog(url)}${attempt > 0 ? ` (attempt ${attempt + 1})` : ''}`);
      this.debug(`  ${formatHeaders(headers)}`);
      if (payload !== undefined) this.debug(`  body: ${oneLine(redactJsonText(payload), 500)}`);
      let response: Dispatcher.ResponseData;
      try {
        const pending = request(url, this.dispatcher, {
          method,
          headers,
          body: payload,
          signal: attemptSignal,
          headersTimeout: this.timeoutMs,
          bodyTimeout: this.timeoutMs,
        });
        response = await untilAborted(pending, attemptSignal);
      } catch (error) {
        if (attemptSignal.aborted) this.dropProxyConnections(url);
        if (signal?.aborted !== true && (deadline?.aborted || firstByte.signal.aborted))
          throw this.noAnswerError(url, segments);
        const failure = classifyNetworkError(error);
        this.debug(`← ${failure} after ${elapsed(started)}: ${(error as Error).message}`);
        const reason: RetryReason | undefined =
          failure === 'refused' ? 'refused' : failure === 'reset' ? 'reset' : undefined;
        if (reason && attempt < maxRetries && isRetryable(method, reason)) {
          await this.wait(backoffDelay(attempt, this.retry, this.random), `${failure}`);
          continue;
        }
        throw networkError(error, url, this.options.timeoutSeconds);
      } finally {
        globalThis.clearTimeout(firstByteTimer);
      }

      const status = response.statusCode;
      const contentType = headerValue(response.headers['content-type']) ?? '';
      this.debug(`← ${status} ${contentType || '(no content type)'} ${elapsed(started)}`);

      if (status >= 300 && status < 400) {
        await response.body.dump();
        throw redirectError(status, headerValue(response.headers.location));
      }
      if (method === 'GET' && status >= 500 && status !== 503) {
        // Read it now: the real service answers a missing record with a 500 that no retry will change.
        const text = await readText(response.body, MAX_BODY_BYTES).catch((error: unknown) => {
          if (error instanceof CliError) throw error;
          throw deadline?.aborted
            ? this.deadlineError(segments, 'body')
            : networkError(error, url, this.options.timeoutSeconds);
        });
        const error = apiErrorFromResponse(status, contentType, text, this.site(method, segments));
        if ((error.kind === 'not-found' || attempt >= maxRetries) && options.raw) {
          return {
            status,
            contentType,
            headers: response.headers,
            body: Readable.from([Buffer.from(text)]) as unknown as RawResponse['body'],
            deadline,
          };
        }
        if (error.kind === 'not-found' || attempt >= maxRetries) throw error;
        await this.wait(backoffDelay(attempt, this.retry, this.random), `HTTP ${status}`);
        continue;
      }
      if (status >= 500 || status === 429) {
        if (attempt < maxRetries && isRetryable(method, 'status', status)) {
          const retryAfter = parseRetryAfter(headerValue(response.headers['retry-after']));
          if (retryAfter === undefined || retryAfter <= this.retry.retryAfterCapMs) {
            await response.body.dump();
            await this.wait(retryAfter ?? backoffDelay(attempt, this.retry, this.random), `HTTP ${status}`);
            continue;
          }
          this.debug(`  Retry-After of ${retryAfter} ms is past the cap; not waiting`);
        }
      }
      return { status, contentType, headers: response.headers, body: response.body, deadline };
    }
  }

  private site(method: Method, segments: Target): RequestSite {
    return { baseUrl: this.options.baseUrl, method, path: pathOf(segments).split('?')[0]! };
  }

  private get random(): () => number {
    return this.options.random ?? Math.random;
  }

  private async wait(ms: number, why: string): Promise<void> {
    this.debug(`  ${why}: retrying in ${ms} ms`);
    const sleep =
      this.options.sleep ?? ((delay: number) => setTimeout(delay, undefined, { signal: this.options.signal }));
    await sleep(ms);
  }

  private debug(line: string): void {
    this.options.debug?.(line);
  }
}

/** Headers for --debug: a credential's value never shows (the scheme of Authorization does). */
function formatHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => {
      if (!isCredentialHeader(name)) return `${name}: ${value}`;
      const scheme = name === 'authorization' && /^(\S+) /.exec(value)?.[1];
      return `${name}: ${scheme ? `${scheme} ` : ''}${REDACTED}`;
    })
    .join(', ');
}

/** A URL for --debug, with the values of secret-named query parameters hidden. */
function urlForLog(url: string): string {
  const parsed = new URL(url);
  let hidden = false;
  for (const [name] of parsed.searchParams)
    if (isSecretKey(name)) {
      parsed.searchParams.set(name, REDACTED);
      hidden = true;
    }
  return hidden ? parsed.toString() : url;
}

function elapsed(started: number): string {
  return `(${Math.round(monotonicMs() - started)} ms)`;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function redirectError(status: number, location: string | undefined): ApiError {
  return new ApiError(
    'bad-response',
    status,
    `the service redirected (${status}) to ${location ?? 'an unknown address'}`,
    {
      hint: 'Set --base-url to the final address; agents does not follow redirects, so the token stays with the configured host.',
    },
  );
}

export async function readText(body: AsyncIterable<Uint8Array>, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) {
      throw new CliError(
        'bad-response',
        `the service sent more than ${Math.round(limit / 1024 / 1024)} MiB; refusing to read it`,
      );
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJsonBody(text: string, status: number): unknown {
  if (text.trim() === '') return null;
  try {
    return parseBoundedJson(text);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new ApiError(
      'bad-response',
      status,
      `the service answered ${status} but the body is not JSON: ${oneLine(text, 120)}`,
    );
  }
}

/** Accepts {"success":true,"data":…} (the real service) or a bare object (a strict server). */
function unwrapEnvelope(body: unknown, status: number): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  if (record.success === false) {
    const error = record.error as { message?: unknown } | undefined;
    const message =
      typeof error?.message === 'string'
        ? error.message
        : typeof record.detail === 'string'
          ? record.detail
          : 'the service reported a failure';
    throw new ApiError('server', status, message);
  }
  if (record.success === true) return record.data ?? null;
  return body;
}

/** The request, or the signal's abort, whichever comes first: undici leaves a request that waits behind a proxy's CONNECT deaf to its signal. */
function untilAborted<T>(pending: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The reason phrase of a status code. node:http is fetched as a CommonJS builtin when an answer
 * needs it: an ESM import of it makes Node 22+ evaluate every export, one of them a getter that
 * loads Node's own copy of undici (~8 ms on every command).
 */
function statusText(status: number): string {
  return process.getBuiltinModule('node:http').STATUS_CODES[status] ?? '';
}
