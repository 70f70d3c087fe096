// A small transport over undici.request: explicit method, /api/v1 paths with
// encoded segments, bearer token, timeouts, bounded retries, bodies always consumed.
import { parseBoundedJson } from '../util/bounded-json.js';
import { setTimeout } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { Agent, ProxyAgent, proxyClient, request } from './undici-parts.js';
import { ApiError, CliError } from '../errors.js';
import { classifyNetworkError, networkError, safeHost, statusText, type NetworkFailure } from './network-errors.js';
import { chooseProxy, type ProxyInUse } from './proxy.js';
import { apiErrorFromResponse, oneLine, type RequestSite } from './response-errors.js';
import { decide, DEFAULT_RETRY_POLICY, parseRetryAfter, type Outcome, type RetryPolicy } from './retry.js';
import { monotonicMs } from '../util/monotonic.js';
import { announce, HTTP_CLIENT_CHANNEL } from '../util/channels.js';
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
  /** Where the proxy variables are read (the process's environment when not given). */
  env?: Record<string, string | undefined>;
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
  /** Each attempt must finish within the timeout, body included (not for streams). */
  deadline?: boolean;
  /** More headers (`agents api -H`); they win over the defaults. */
  headers?: Record<string, string>;
  /** A body sent as given, not as JSON of `body`. */
  rawBody?: string;
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

/** One attempt's end: an answer (its body read when asked, or when it is a failure's), or a failure. */
type Attempt =
  | { type: 'answer'; response: RawResponse; text?: string }
  | { type: 'failed'; error: unknown; failure: NetworkFailure; duringBody: boolean };

export class ApiClient {
  private readonly dispatcher: Dispatcher;
  /** The proxy every request goes through (proxy.ts chose it), or undefined for a direct connection. */
  private readonly proxy: ProxyInUse | undefined;
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;
  /** Whether the service rejects this token, once a bare 500 made it ask (withTokenChecked). */
  private tokenRejected: Promise<boolean> | undefined;

  constructor(private readonly options: ClientOptions) {
    announce(HTTP_CLIENT_CHANNEL); // undici is loaded and nothing sent: tuning.ts picks V8's WebAssembly tier
    this.proxy = options.dispatcher ? undefined : chooseProxy(options.baseUrl, options.env ?? process.env);
    this.timeoutMs = Math.round(options.timeoutSeconds * 1000);
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    const connect = { timeout: Math.min(this.timeoutMs, CONNECT_TIMEOUT_CAP_MS) };
    this.dispatcher =
      options.dispatcher ??
      (this.proxy
        ? new ProxyAgent({ uri: this.proxy.url, connect, clientFactory: proxyClient })
        : new Agent({ connect }));
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
    const { response, text } = await this.send(method as Method, target, { ...options, deadline: true }, 'whole');
    return {
      status: response.status,
      statusText: statusText(response.status),
      headers: response.headers,
      text: text ?? '',
    };
  }

  /**
   * The CliError an answer stands for (exit code from the one table), a token check included
   * unless the request carried its own Authorization (`api -H`): checking the configured token
   * would vouch for one that was not sent.
   */
  async errorOf(method: string, target: Target, exchange: Exchange, ownAuthorization = false): Promise<unknown> {
    const contentType = headerValue(exchange.headers['content-type']) ?? '';
    const failure = this.failureOf(method as Method, target, exchange, contentType, exchange.text);
    return ownAuthorization ? failure : this.withTokenChecked(failure);
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

  private async requestJson(method: Method, segments: string[], options: RequestOptions): Promise<JsonResponse> {
    const { response, text = '' } = await this.send(
      method,
      segments,
      { accept: 'application/json', ...options, deadline: true },
      'whole',
    );
    this.throwIfFailed(method, segments, response, text);
    const body = parseJsonBody(text, response.status);
    return { status: response.status, data: unwrapEnvelope(body, response.status), body };
  }

  /**
   * Sends a request and hands back the open response for the caller to read
   * (streams). Non-2xx answers are read and thrown as typed errors here.
   */
  async open(method: Method, segments: string[], options: RequestOptions = {}): Promise<RawResponse> {
    try {
      const { response, text } = await this.send(method, segments, options, 'failures');
      this.throwIfFailed(method, segments, response, text);
      return response;
    } catch (error) {
      throw await this.withTokenChecked(error);
    }
  }

  private throwIfFailed(method: Method, target: Target, response: RawResponse, text: string | undefined): void {
    if (response.status >= 200 && response.status < 300) return;
    throw this.failureOf(method, target, response, response.contentType, text ?? '');
  }

  /** The error an answer that is not a success stands for, how long it asked to wait included. */
  private failureOf(
    method: Method,
    target: Target,
    answer: { status: number; headers: RawResponse['headers'] },
    contentType: string,
    text: string,
  ): ApiError {
    const retryAfterMs = parseRetryAfter(headerValue(answer.headers['retry-after']), Date.now());
    return apiErrorFromResponse(answer.status, contentType, text, this.site(method, target), retryAfterMs);
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
    const rejected = await this.tokenRejected;
    const circumstance = { type: 'bare-500', tokenAccepted: !rejected } as const;
    if (!rejected) return new ApiError(error.kind, error.status, error.message, { circumstance, plainText: true });
    return new CliError('auth', 'the service rejected the token', { circumstance, cause: error });
  }

  /**
   * The one retry loop: each attempt ends in an answer or a failure, decide() says whether to send
   * it again, and what is left is the answer, or the error it stands for. `read` says which bodies
   * are read here: every one (`whole`), or only a failure's (`failures`: streams read their own).
   */
  private async send(
    method: Method,
    target: Target,
    options: SendOptions,
    read: 'whole' | 'failures',
  ): Promise<{ response: RawResponse; text?: string }> {
    const url = this.url(target, options.query);
    const maxRetries = options.once ? 0 : this.retry.maxRetries;
    for (let attempt = 0; ; attempt++) {
      const result = await this.attempt(method, target, url, options, read, attempt);
      const outcome: Outcome =
        result.type === 'failed'
          ? { type: result.duringBody ? 'body-broke' : 'no-answer', failure: result.failure }
          : {
              type: 'answer',
              status: result.response.status,
              retryAfter: headerValue(result.response.headers['retry-after']),
              notFound: result.text !== undefined && this.isNotFound(result.response, result.text),
            };
      const decision = decide(outcome, { method, attempt, maxRetries, policy: this.retry, random: this.random });
      if (decision.retry) {
        await this.wait(decision.delayMs, decision.why);
        continue;
      }
      if (decision.why) this.debug(`  ${decision.why}`);
      if (result.type === 'answer') return result;
      throw networkError(result.error, url, this.options.timeoutSeconds, this.proxy);
    }
  }

  /** The real service answers a missing record with a 500 no retry will change. */
  private isNotFound(response: RawResponse, text: string): boolean {
    if (response.status < 500) return false;
    return apiErrorFromResponse(response.status, response.contentType, text).kind === 'not-found';
  }

  /**
   * One attempt. A deadline passed, a redirect or a body past the cap is thrown at once (no retry
   * changes them); a network failure is handed back for decide().
   */
  private async attempt(
    method: Method,
    target: Target,
    url: string,
    options: SendOptions,
    read: 'whole' | 'failures',
    attempt: number,
  ): Promise<Attempt> {
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

    const started = monotonicMs();
    const deadline = options.deadline ? AbortSignal.timeout(this.timeoutMs) : undefined;
    // Until the headers arrive, --timeout bounds the attempt whatever happens on the way: undici's
    // ProxyAgent reconnects forever to a proxy that drops CONNECT (nodejs/undici#3897), untouched by its timeouts.
    const firstByte = new AbortController();
    const firstByteTimer = globalThis.setTimeout(() => firstByte.abort(), this.timeoutMs);
    const attemptSignal = AbortSignal.any(
      [signal, deadline, firstByte.signal].filter((s): s is AbortSignal => s !== undefined),
    );
    this.debug(`→ ${method} ${urlForLog(url)}${attempt > 0 ? ` (attempt ${attempt + 1})` : ''}`);
    this.debug(`  ${formatHeaders(headers)}`);
    if (payload !== undefined) this.debug(`  body: ${oneLine(redactJsonText(payload), 500)}`);
    let answer: Dispatcher.ResponseData;
    try {
      const pending = request(url, this.dispatcher, {
        method,
        headers,
        body: payload,
        signal: attemptSignal,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      answer = await untilAborted(pending, attemptSignal);
    } catch (error) {
      // A request given up while its proxy tunnel was being set up still holds a socket to the
      // proxy (undici does not hear the abort there), which would keep the process alive.
      if (attemptSignal.aborted && this.proxy) this.dispatcher.destroy().catch(() => undefined);
      if (signal?.aborted !== true && (deadline?.aborted || firstByte.signal.aborted)) throw this.noAnswerError(target);
      const failure = classifyNetworkError(error);
      this.debug(`← ${failure} after ${elapsed(started)}: ${(error as Error).message}`);
      return { type: 'failed', error, failure, duringBody: false };
    } finally {
      globalThis.clearTimeout(firstByteTimer);
    }

    const status = answer.statusCode;
    const contentType = headerValue(answer.headers['content-type']) ?? '';
    this.debug(`← ${status} ${contentType || '(no content type)'} ${elapsed(started)}`);
    if (status >= 300 && status < 400) {
      await answer.body.dump();
      throw redirectError(status, headerValue(answer.headers.location));
    }
    const response: RawResponse = { status, contentType, headers: answer.headers, body: answer.body };
    const failed = status < 200 || status >= 300;
    if (read === 'failures' && !failed) return { type: 'answer', response };
    try {
      // Read here, the body is handed on as text (response.body is spent).
      return { type: 'answer', response, text: await readText(answer.body, MAX_BODY_BYTES) };
    } catch (error) {
      if (error instanceof CliError) throw error;
      if (deadline?.aborted) throw this.deadlineError(target, 'body');
      const failure = classifyNetworkError(error);
      this.debug(`← body failed (${failure}): ${(error as Error).message}`);
      return { type: 'failed', error, failure, duringBody: true };
    }
  }

  /** No headers within --timeout: a proxy on the way is the likelier culprit, so it is named. */
  private noAnswerError(target: Target): CliError {
    if (!this.proxy) return this.deadlineError(target, 'headers');
    return new CliError(
      'timeout',
      `no answer from ${safeHost(this.options.baseUrl)} through the proxy ${safeHost(this.proxy.url)} (${this.proxy.variable}) within ${this.options.timeoutSeconds}s`,
      { circumstance: { type: 'proxy-silent', variable: this.proxy.variable } },
    );
  }

  /** The whole-response deadline passed: before the headers ("did not answer") or during the body. */
  private deadlineError(target: Target, during: 'headers' | 'body'): CliError {
    const what = during === 'headers' ? 'did not answer' : `did not finish answering ${pathOf(target)}`;
    return new CliError('timeout', `${safeHost(this.options.baseUrl)} ${what} within ${this.options.timeoutSeconds}s`, {
      circumstance: { type: 'slow' },
    });
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
