// Which proxy a request goes through, decided here once: the client builds its dispatcher from
// this choice (a ProxyAgent or a direct Agent), and a failure names the same proxy. The rules are
// undici's EnvHttpProxyAgent's, which curl's and Go's users expect (a test holds the two equal on a
// table of cases): lowercase variables first, an empty one counts as set, HTTPS falls back to the
// HTTP proxy, NO_PROXY entries match the host and its subdomains, a port only that port, and `*`
// (the whole value) every host. One rule is the CLI's own: a loopback service is reached directly,
// never through a proxy (as curl and Go do), so a plain-http token to the emulator cannot reach a
// proxy in clear.
import { CliError } from '../errors.js';
import { acceptSecret } from '../secrets/known.js';
import { isLoopbackHost } from '../config/base-url.js';

type Env = Record<string, string | undefined>;

const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] as const;
const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

export interface ProxyInUse {
  variable: string;
  url: string;
}

/** The first of the variables that is set at all (empty included, as `??` reads them). */
function firstSet(env: Env, ...names: string[]): ProxyInUse | undefined {
  const variable = names.find((name) => env[name] !== undefined);
  return variable === undefined ? undefined : { variable, url: env[variable]! };
}

/** The proxy for a request to `target`, or undefined when it goes direct. */
export function proxyFor(target: string, env: Env): ProxyInUse | undefined {
  const url = new URL(target);
  if (isLoopbackHost(url.hostname)) return undefined;
  const http = firstSet(env, 'http_proxy', 'HTTP_PROXY');
  const https = url.protocol === 'https:' ? firstSet(env, 'https_proxy', 'HTTPS_PROXY') : undefined;
  const proxy = https?.url ? https : http?.url ? http : undefined;
  if (!proxy || bypassed(url, env.no_proxy ?? env.NO_PROXY ?? '')) return undefined;
  return proxy;
}

/** The proxy a client must use for `baseUrl`; one that is not a URL is named here, not inside undici. */
export function chooseProxy(baseUrl: string, env: Env): ProxyInUse | undefined {
  const proxy = proxyFor(baseUrl, env);
  if (proxy && !URL.canParse(proxy.url)) {
    throw new CliError('usage', `${proxy.variable} ${JSON.stringify(withoutPassword(proxy.url))} is not a URL`, {
      circumstance: { type: 'proxy-not-a-url' },
    });
  }
  return proxy;
}

function bypassed(url: URL, noProxy: string): boolean {
  const entries = noProxy.split(/[,\s]/).filter(Boolean);
  if (entries.length === 0) return false;
  if (noProxy === '*') return true;
  // host, not hostname: an IPv6 address keeps its brackets, as NO_PROXY writes it.
  const host = url.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number.parseInt(url.port, 10) || DEFAULT_PORTS[url.protocol] || 0;
  return entries.some((entry) => {
    const withPort = /^(.+):(\d+)$/.exec(entry);
    const name = (withPort ? withPort[1]! : entry).replace(/^\*?\./, '').toLowerCase();
    const entryPort = withPort ? Number.parseInt(withPort[2]!, 10) : 0;
    if (entryPort && entryPort !== port) return false;
    return host === name || host.endsWith(`.${name}`);
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
      acceptSecret(decoded, `the proxy password in ${name}`); // exit 2 when too short to hide
      return [password, decoded, Buffer.from(`${decodeURIComponent(username)}:${decoded}`).toString('base64')];
    } catch (error) {
      if (error instanceof CliError) throw error;
      const raw = /^[a-z][a-z0-9+.-]*:\/\/[^/?#@:]*:([^/?#@]*)@/i.exec(value)?.[1];
      if (raw) acceptSecret(raw, `the proxy password in ${name}`);
      return raw ? [raw] : [];
    }
  });
}
