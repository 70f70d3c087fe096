// The proxy undici's env-proxy agent will use for a URL (HTTP_PROXY, HTTPS_PROXY, NO_PROXY, as
// it reads them), so a failure to connect can name the proxy rather than the service.
import { CliError } from '../errors.js';

export interface ProxyInUse {
  variable: string;
  url: string;
}

export function proxyFor(target: string, env: Record<string, string | undefined> = process.env): ProxyInUse | undefined {
  const { protocol, hostname, port } = new URL(target);
  const pick = (...names: string[]) => names.map((name) => ({ variable: name, url: env[name] })).find((p) => p.url);
  const found = protocol === 'https:' ? (pick('HTTPS_PROXY', 'https_proxy') ?? pick('HTTP_PROXY', 'http_proxy')) : pick('HTTP_PROXY', 'http_proxy');
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
    throw new CliError('usage', `${proxy.variable} ${JSON.stringify(proxy.url)} is not a URL`, {
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
