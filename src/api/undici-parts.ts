// The parts of undici the CLI uses, imported file by file. undici's index loads fetch, WebSocket,
// cookies, caches, mocks and http2 for every request; these two files are the proxy agent and
// the request API, about half the code to load and compile on every call. undici is bundled at a
// pinned version (package-lock.json), so these paths are stable per build.
import type { Dispatcher } from 'undici';
import api from 'undici/lib/api/index.js';
import DispatcherBase from 'undici/lib/dispatcher/dispatcher.js';
import Agent from 'undici/lib/dispatcher/agent.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import { PROXY_CLOSED } from './network-errors.js';

// What undici's index does for every dispatcher: its API as methods. The proxy agents call
// this.connect() on their clients, so without it every request through a proxy fails.
Object.assign(DispatcherBase.prototype, api);

export { Agent, ProxyAgent };

/**
 * The proxy agent's connection to the proxy (undici's default, a Pool), except that a proxy closing
 * the connection during CONNECT fails the request instead of being retried in a tight loop forever
 * (nodejs/undici#3897, fixed upstream in nodejs/undici#5441 after its last release for Node 20).
 */
export function proxyClient(origin: URL, options: object): Dispatcher {
  const pool = new Pool(origin, options);
  const connect = pool.connect.bind<(params: Dispatcher.ConnectOptions) => Promise<Dispatcher.ConnectData>>(pool);
  Object.assign(pool, {
    connect: (params: Dispatcher.ConnectOptions) =>
      connect(params).catch((error: { code?: string; message?: string }) => {
        if (error?.code !== 'UND_ERR_SOCKET') throw error;
        throw Object.assign(new Error(`the proxy closed the connection (${error.message ?? 'socket closed'})`), {
          code: PROXY_CLOSED,
          cause: error,
        });
      }),
  });
  return pool;
}

export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'>;

/** undici.request without its index: one request through the given dispatcher. */
export function request(
  url: string,
  dispatcher: Dispatcher,
  options: RequestOptions,
): Promise<Dispatcher.ResponseData> {
  const { origin, pathname, search } = new URL(url);
  return dispatcher.request({ ...options, origin, path: pathname + search } as Dispatcher.RequestOptions);
}
