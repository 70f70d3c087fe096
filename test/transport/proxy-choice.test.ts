// The CLI chooses a request's proxy itself (src/api/proxy.ts) and builds its dispatcher from that
// choice, so a failure can name the proxy. The choice must be the one undici's EnvHttpProxyAgent
// makes, which users of curl and Go expect: on each row of a table, undici's agent sends a real
// request, real proxies on loopback say which of them got it, and proxyFor must name the same one.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EnvHttpProxyAgent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyFor } from '../../src/api/proxy.js';

const VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY'] as const;
type Variable = (typeof VARIABLES)[number];

/** One proxy per variable: the one a request reaches names the variable undici read. */
const proxies = new Map<Variable, { server: Server; url: string; reached: number }>();

beforeAll(async () => {
  for (const variable of VARIABLES) {
    const proxy = { server: createServer(), url: '', reached: 0 };
    const refuse = () => proxy.reached++;
    // Tunnels (CONNECT) and plain forwarded requests alike are counted and refused.
    proxy.server.on('connect', (_req, socket) => {
      refuse();
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    });
    proxy.server.on('request', (_req, res) => {
      refuse();
      res.writeHead(403).end();
    });
    proxy.server.listen(0, '127.0.0.1');
    await once(proxy.server, 'listening');
    proxy.url = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
    proxies.set(variable, proxy);
  }
});
afterAll(() => {
  for (const { server } of proxies.values()) server.close();
});

/** Which proxy undici's EnvHttpProxyAgent sends a request to `target` through, or 'direct'. */
async function undiciChoice(env: Record<string, string>, target: string): Promise<string> {
  const saved = { ...process.env };
  for (const name of [...VARIABLES, 'no_proxy', 'NO_PROXY']) delete process.env[name];
  Object.assign(process.env, env);
  for (const proxy of proxies.values()) proxy.reached = 0;
  // A direct connection never leaves the machine: its name lookup fails at once.
  const lookup = (_host: string, _options: unknown, callback: (error: Error) => void) =>
    callback(Object.assign(new Error('direct'), { code: 'ENOTFOUND' }));
  const agent = new EnvHttpProxyAgent({ connect: { lookup, timeout: 200 } as never });
  try {
    await request(target, { dispatcher: agent }).then(
      (answer) => answer.body.dump(),
      () => undefined,
    );
  } finally {
    await agent.destroy();
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
  const reached = [...proxies].filter(([, proxy]) => proxy.reached > 0).map(([variable]) => variable);
  return reached.length === 0 ? 'direct' : reached.join('+');
}

/** The environment of a row, its proxy variables pointing at the test's proxies. */
function envOf(row: Partial<Record<Variable | 'no_proxy' | 'NO_PROXY', string>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(row)) {
    env[name] = value === 'proxy' ? proxies.get(name as Variable)!.url : value;
  }
  return env;
}

// Each row: the variables set ('proxy' stands for that variable's own proxy), and the target.
const ROWS: Array<[string, Partial<Record<Variable | 'no_proxy' | 'NO_PROXY', string>>, string]> = [
  ['no variables: direct', {}, 'https://api.example.com/'],
  ['HTTP_PROXY for http', { HTTP_PROXY: 'proxy' }, 'http://api.example.com/'],
  ['HTTP_PROXY for https too, when no HTTPS proxy is set', { HTTP_PROXY: 'proxy' }, 'https://api.example.com/'],
  ['lowercase http_proxy wins', { http_proxy: 'proxy', HTTP_PROXY: 'proxy' }, 'http://api.example.com/'],
  ['lowercase https_proxy wins', { https_proxy: 'proxy', HTTPS_PROXY: 'proxy' }, 'https://api.example.com/'],
  ['HTTPS_PROXY before HTTP_PROXY for https', { HTTPS_PROXY: 'proxy', HTTP_PROXY: 'proxy' }, 'https://a.example/'],
  ['HTTPS_PROXY is not for http', { HTTPS_PROXY: 'proxy' }, 'http://api.example.com/'],
  ['an empty http_proxy counts as set: direct', { http_proxy: '', HTTP_PROXY: 'proxy' }, 'http://api.example.com/'],
  ['an empty https_proxy falls back to HTTP', { https_proxy: '', HTTP_PROXY: 'proxy' }, 'https://api.example.com/'],
  ['NO_PROXY names the host', { HTTP_PROXY: 'proxy', NO_PROXY: 'api.example.com' }, 'http://api.example.com/'],
  ['NO_PROXY covers subdomains', { HTTP_PROXY: 'proxy', NO_PROXY: 'example.com' }, 'http://api.example.com/'],
  ['a leading dot covers the domain too', { HTTP_PROXY: 'proxy', NO_PROXY: '.example.com' }, 'http://example.com/'],
  ['*. covers subdomains', { HTTP_PROXY: 'proxy', NO_PROXY: '*.example.com' }, 'http://a.b.example.com/'],
  ['a suffix is not a subdomain', { HTTP_PROXY: 'proxy', NO_PROXY: 'example.com' }, 'http://notexample.com/'],
  ['* alone: every host direct', { HTTP_PROXY: 'proxy', NO_PROXY: '*' }, 'http://api.example.com/'],
  ['* among others is no wildcard', { HTTP_PROXY: 'proxy', NO_PROXY: 'other.com,*' }, 'http://api.example.com/'],
  [
    'entries split on commas and spaces',
    { HTTP_PROXY: 'proxy', NO_PROXY: 'a.com, b.com  example.com' },
    'http://x.example.com/',
  ],
  ['case does not matter', { HTTP_PROXY: 'proxy', NO_PROXY: 'EXAMPLE.Com' }, 'http://API.example.com/'],
  [
    'a port matches only that port',
    { HTTPS_PROXY: 'proxy', NO_PROXY: 'example.com:8443' },
    'https://api.example.com:8443/',
  ],
  ['another port is proxied', { HTTPS_PROXY: 'proxy', NO_PROXY: 'example.com:8443' }, 'https://api.example.com/'],
  ['a port matches the default port', { HTTPS_PROXY: 'proxy', NO_PROXY: 'example.com:443' }, 'https://example.com/'],
  [
    'lowercase no_proxy wins',
    { HTTP_PROXY: 'proxy', no_proxy: 'other.com', NO_PROXY: 'example.com' },
    'http://example.com/',
  ],
  [
    'an empty no_proxy counts as set',
    { HTTP_PROXY: 'proxy', no_proxy: '', NO_PROXY: 'example.com' },
    'http://example.com/',
  ],
  ['an IPv6 address in brackets', { HTTP_PROXY: 'proxy', NO_PROXY: '[2001:db8::1]' }, 'http://[2001:db8::1]:8080/'],
  ['an IPv4 address', { HTTP_PROXY: 'proxy', NO_PROXY: '192.0.2.7' }, 'http://192.0.2.7:8080/'],
];

describe("the proxy the CLI chooses is undici's EnvHttpProxyAgent's", () => {
  it.each(ROWS)('%s', async (_name, row, target) => {
    const env = envOf(row);
    const expected = await undiciChoice(env, target);
    expect(proxyFor(target, env)?.variable ?? 'direct').toBe(expected);
  });

  it('the table tells the cases apart: undici chose a proxy on some rows and none on others', async () => {
    const choices = new Set<string>();
    for (const [, row, target] of ROWS.slice(0, 10)) choices.add(await undiciChoice(envOf(row), target));
    expect([...choices].sort()).toEqual(['HTTPS_PROXY', 'HTTP_PROXY', 'direct', 'http_proxy', 'https_proxy']);
  });
});
