// Errors raised before or during a response (no HTTP status) become typed errors.
import { CliError, interrupted } from '../errors.js';
import { withoutPassword, type ProxyInUse } from './proxy.js';

/** The code of the error a proxy that closed the connection while a tunnel was set up fails with (undici-parts.ts). */
export const PROXY_CLOSED = 'AGENTS_PROXY_CLOSED';

export type NetworkFailure =
  | 'proxy-closed'
  | 'proxy-refused'
  | 'refused'
  | 'dns'
  | 'tls'
  | 'connect-timeout'
  | 'headers-timeout'
  | 'idle-timeout'
  | 'reset'
  | 'aborted'
  | 'other';

export function classifyNetworkError(error: unknown): NetworkFailure {
  const e = (error ?? {}) as { code?: string; name?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  // undici's ProxyAgent aborts the request when the proxy answers CONNECT with anything but 200:
  // that is the proxy's refusal, not the user's Ctrl-C.
  if (proxyStatusOf(error) !== undefined) return 'proxy-refused';
  if (e.name === 'AbortError' || code === 'ABORT_ERR' || code === 'UND_ERR_ABORTED') return 'aborted';
  if (code === PROXY_CLOSED) return 'proxy-closed';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return 'connect-timeout';
  if (code === 'UND_ERR_HEADERS_TIMEOUT') return 'headers-timeout';
  if (code === 'UND_ERR_BODY_TIMEOUT') return 'idle-timeout';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED')
    return 'reset';
  if (/^(ERR_TLS|CERT_|UNABLE_TO|SELF_SIGNED|DEPTH_ZERO|ERR_SSL)/.test(code)) return 'tls';
  return 'other';
}

/** The typed error for a request to `url` that failed before or during its answer, through `via` if set. */
export function networkError(error: unknown, url: string, timeoutSeconds: number, via?: ProxyInUse): CliError {
  const failure = classifyNetworkError(error);
  const proxy =
    failure === 'refused' ||
    failure === 'dns' ||
    failure === 'connect-timeout' ||
    failure === 'proxy-closed' ||
    failure === 'proxy-refused'
      ? via
      : undefined;
  if (proxy && failure === 'proxy-refused') {
    const status = proxyStatusOf(error)!;
    return new CliError(
      'unreachable',
      `the proxy ${safeHost(proxy.url)} (${proxy.variable}) refused the tunnel to ${safeHost(url)}: it answered HTTP ${status} ${statusText(status)}`.trimEnd(),
      { circumstance: { type: 'proxy-closed', variable: proxy.variable } },
    );
  }
  if (proxy && failure === 'proxy-closed') {
    return new CliError(
      'unreachable',
      `the proxy ${safeHost(proxy.url)} (${proxy.variable}) closed the connection on the way to ${safeHost(url)}`,
      { circumstance: { type: 'proxy-closed', variable: proxy.variable } },
    );
  }
  if (proxy) {
    // undici connects to the proxy, not the service: a refusal here is the proxy's.
    return new CliError(
      'unreachable',
      `could not reach the proxy ${safeHost(proxy.url)} (${proxy.variable}) on the way to ${safeHost(url)}`,
      { circumstance: { type: 'proxy-unreachable', variable: proxy.variable } },
    );
  }
  const host = safeHost(url);
  const reason = (error as Error)?.message ?? String(error);
  switch (failure) {
    case 'aborted':
      return interrupted();
    case 'refused':
      return new CliError('unreachable', `could not connect to ${safeOrigin(url)}: connection refused`, {
        circumstance: { type: 'refused' },
      });
    case 'dns':
      return new CliError('unreachable', `could not resolve ${host} (in ${safeOrigin(url)})`, {
        circumstance: { type: 'dns' },
      });
    case 'tls':
      // OpenSSL's words for a server that answered in plain HTTP: say that, not the library's line.
      if (/wrong version number|packet length too long|http request/i.test(reason)) {
        return new CliError('unreachable', `${host} speaks plain HTTP, not HTTPS`, {
          circumstance: { type: 'plain-http' },
        });
      }
      return new CliError('unreachable', `TLS failure talking to ${host}: ${oneLineReason(reason)}`);
    case 'connect-timeout':
      return new CliError('timeout', `timed out connecting to ${host}`, {
        circumstance: { type: 'connect-timeout' },
      });
    case 'headers-timeout':
      return new CliError('timeout', `${host} did not answer within ${timeoutSeconds}s`, {
        circumstance: { type: 'slow' },
      });
    case 'idle-timeout':
      return new CliError('timeout', `${host} sent nothing for ${timeoutSeconds}s`, {
        circumstance: { type: 'slow' },
      });
    case 'reset':
      return new CliError('unreachable', `the connection to ${host} was closed unexpectedly (${reason})`);
    default:
      return new CliError('unreachable', `request to ${host} failed: ${reason}`);
  }
}

/** The status a proxy answered CONNECT with, from undici's "Proxy response (502) !== 200 when HTTP Tunneling". */
function proxyStatusOf(error: unknown): number | undefined {
  const match = /^Proxy response \((\d{3})\) !== 200/.exec((error as Error | undefined)?.message ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * The reason phrase of a status code. node:http is fetched as a CommonJS builtin when an answer
 * needs it: an ESM import of it makes Node 22+ evaluate every export, one of them a getter that
 * loads Node's own copy of undici (~8 ms on every command).
 */
export function statusText(status: number): string {
  return process.getBuiltinModule('node:http').STATUS_CODES[status] ?? '';
}

/** The scheme, host and port a request went to, without any password. */
function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return withoutPassword(url);
  }
}

/** OpenSSL's message without its error-stack prefix and source location. */
function oneLineReason(reason: string): string {
  return reason
    .replace(/^[0-9A-F]+:error:[0-9A-F]+:/, '')
    .replace(/:\.\.\/deps\/openssl\/[^:]*:\d+:?$/, '')
    .trim();
}

export function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return withoutPassword(url);
  }
}
