// Errors raised before or during a response (no HTTP status) become typed errors.
import { CliError, interrupted } from '../errors.js';
import { proxyFor, withoutPassword, type ProxyInUse } from './proxy.js';

/** The code of the error a proxy that closed the connection while a tunnel was set up fails with (undici-parts.ts). */
export const PROXY_CLOSED = 'AGENTS_PROXY_CLOSED';

export type NetworkFailure =
  | 'proxy-closed'
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

export function networkError(error: unknown, url: string, timeoutSeconds: number): CliError {
  const failure = classifyNetworkError(error);
  const proxy =
    failure === 'refused' || failure === 'dns' || failure === 'connect-timeout' || failure === 'proxy-closed'
      ? safeProxy(url)
      : undefined;
  if (proxy && failure === 'proxy-closed') {
    return new CliError(
      'unreachable',
      `the proxy ${safeHost(proxy.url)} (${proxy.variable}) closed the connection on the way to ${safeHost(url)}`,
      {
        hint: `The proxy may not allow connections to this host: check ${proxy.variable}, or add the host to NO_PROXY.`,
      },
    );
  }
  if (proxy) {
    // undici connects to the proxy, not the service: a refusal here is the proxy's.
    return new CliError(
      'unreachable',
      `could not reach the proxy ${safeHost(proxy.url)} (${proxy.variable}) on the way to ${safeHost(url)}`,
      {
        hint: `Check ${proxy.variable}, or add the host to NO_PROXY.`,
      },
    );
  }
  const host = safeHost(url);
  const reason = (error as Error)?.message ?? String(error);
  switch (failure) {
    case 'aborted':
      return interrupted();
    case 'refused':
      return new CliError('unreachable', `could not connect to ${safeOrigin(url)}: connection refused`, {
        hint: `Is the service running? ${CHANGE_BASE_URL}`,
      });
    case 'dns':
      return new CliError('unreachable', `could not resolve ${host} (in ${safeOrigin(url)})`, {
        hint: CHANGE_BASE_URL,
      });
    case 'tls':
      // OpenSSL's words for a server that answered in plain HTTP: say that, not the library's line.
      if (/wrong version number|packet length too long|http request/i.test(reason)) {
        return new CliError('unreachable', `${host} speaks plain HTTP, not HTTPS`, {
          hint: `Use http:// in --base-url (see \`agents status\`).`,
        });
      }
      return new CliError('unreachable', `TLS failure talking to ${host}: ${oneLineReason(reason)}`);
    case 'connect-timeout':
      return new CliError('timeout', `timed out connecting to ${host}`, {
        hint: 'Check the network, or raise --timeout.',
      });
    case 'headers-timeout':
      return new CliError('timeout', `${host} did not answer within ${timeoutSeconds}s`, {
        hint: 'Raise --timeout if the service is slow.',
      });
    case 'idle-timeout':
      return new CliError('timeout', `${host} sent nothing for ${timeoutSeconds}s`, {
        hint: 'Raise --timeout if the service is slow.',
      });
    case 'reset':
      return new CliError('unreachable', `the connection to ${host} was closed unexpectedly (${reason})`);
    default:
      return new CliError('unreachable', `request to ${host} failed: ${reason}`);
  }
}

/** Where a newcomer changes the address a request went to. */
const CHANGE_BASE_URL =
  '`agents status` shows where the address comes from; change it with --base-url, AGENTS_BASE_URL or `agents login --base-url URL`, or run a local service with `agents emulator`.';

/** The scheme, host and port a request went to, without any password. */
function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return withoutPassword(url);
  }
}

function safeProxy(url: string): ProxyInUse | undefined {
  try {
    return proxyFor(url);
  } catch {
    return undefined;
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
