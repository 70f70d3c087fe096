// The proxy undici's env-proxy agent will use for a URL (HTTP_PROXY, HTTPS_PROXY, NO_PROXY, as
// it reads them), so a failure to connect can name the proxy rather than the service. A loopback
// service never goes through one (as curl and Go do): the client connects to it directly, so a
// plain-http token to the emulator cannot reach a proxy in clear.
import { CliError } from '../errors.js';
import { isLoopbackHost } from '../config/base-url.js';

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'] as const;

export interface ProxyInUse {
  variable: string;
  url: string;
}

export function proxyFor(
  target: string,
  env: Record<string, string | undefined> = process.env,
): ProxyInUse | undefined {
  const { protocol, hostname, port } = new URL(target);
  if (isLoopbackHost(hostname)) return undefined;
  const pick = (...names: string[]) => names.map((name) => ({ variable: name, url: env[name] })).find((p) => p.url);
  const found =
    protocol === 'https:'
      ? (pick('HTTPS_PROXY', 'https_proxy') ?? pick('HTTP_PROXY', 'http_proxy'))
      : pick('HTTP_PROXY', 'http_proxy');
  if (!found?.url || bypassed(hostname, port, env.NO_PROXY ?? env.no_proxy ?? '')) return undefined;
  return { variable: found.variable, url: found.url };
}

/** A proxy variable that is not a URL would fail inside undici as "Invalid URL": say which. */
export function assertProxyUsable(target: string): void {
  const proxy = proxyFor(target);
  if (!proxy) return;
  try {
    new URL(proxy.url);
  } catch {
    throw new CliError('usage', `${proxy.variable} ${JSON.stringify(withoutPassword(proxy.url))} is not a URL`, {
      hint: 'Set it to the proxy address, e.g. http://proxy.example.com:3128, or unset it.',
    });
  }
}

function bypassed(hostname: string, port: string, noProxy: string): boolean {
  return noProxy
    .split(/[,\s]+/)
    .filter(Boolean)
    .some((entry) => {
      if (entry === '*') return true;
      const [host, entryPort] = entry.replace(/^\*?\./, '.').split(':');
      if (entryPort && entryPort !== port) return false;
      return host!.startsWith('.') ? hostname.endsWith(host!) || hostname === host!.slice(1) : hostname === host;
    });
}

/** A URL with the password of its user part masked, even when the rest does not parse. */
export function withoutPassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#@:]*):[^/?#@]*@/i, '$1:****@');
}

/** The passwords in the proxy variables, as written, decoded, and as the Basic credentials undici sends. */
export function proxySecrets(env: Record<string, string | undefined>): string[] {
  return PROXY_VARIABLES.flatMap((name) => {
    const value = env[name];
    if (!value) return [];
    try {
      const { username, password } = new URL(value);
      if (!password) return [];
      const decoded = decodeURIComponent(password);
      return [password, decoded, Buffer.from(`${decodeURIComponent(username)}:${decoded}`).toString('base64')];
    } catch {
      const raw = /^[a-z][a-z0-9+.-]*:\/\/[^/?#@:]*:([^/?#@]*)@/i.exec(value)?.[1];
      return raw ? [raw] : [];
    }
  });
}
