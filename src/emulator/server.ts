// `agents emulator`: a local HTTP stand-in for the service, speaking the real (Superagent
// 0.2.39) wire format by default, or the spec's cleaner reading with `strict`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_TOKEN_DELAY_MS, type EmulatorConfig } from './context.js';
import { isLoopbackHost } from '../config/base-url.js';
import { connectableHost, isOwnHost, randomEmulatorToken } from './exposure.js';
import { sendDetail, sendInternalError } from './http.js';
import { matchRoute } from './router.js';
import { Store } from './store.js';
import { EventEmitter } from 'node:events';

export { SEED } from './seed.js';

export interface EmulatorOptions {
  port?: number;
  host?: string;
  token?: string;
  strict?: boolean;
  /** Pause between streamed tokens; 0 sends the whole answer at once. */
  tokenDelayMs?: number;
}

export interface RunningEmulator {
  /** e.g. http://127.0.0.1:7878, without /api/v1. */
  url: string;
  token: string;
  strict: boolean;
  /** Listening on an address other machines can reach (not loopback). */
  exposed: boolean;
  /** Every request served, in order: lets tests count writes. */
  requests: Array<{ method: string; path: string }>;
  /** Emits 'request' as each one is logged: a test waits for a request instead of polling the log. */
  events: EventEmitter;
  close(): Promise<void>;
}

const API_PREFIX = ['api', 'v1'];

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  const exposed = !isLoopbackHost(host);
  // A new token each start: a fixed one would be public, and another user of this machine could
  // read the LLM keys applied to it and use every agent.
  const token = options.token ?? randomEmulatorToken();
  const config: EmulatorConfig = {
    strict: options.strict ?? false,
    tokenDelayMs: options.tokenDelayMs ?? DEFAULT_TOKEN_DELAY_MS,
  };
  const store = new Store(token);
  const requests: RunningEmulator['requests'] = [];
  const events = new EventEmitter();

  // A CommonJS builtin: an ESM import of node:http loads Node 22+'s own undici too (see api/client.ts).
  const server = process.getBuiltinModule('node:http').createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]! });
    events.emit('request');
    // Before anything else: a browser page that reached this port by DNS rebinding gets nothing.
    if (!isOwnHost(req.headers.host, host))
      return sendDetail(res, 421, `Host ${JSON.stringify(req.headers.host ?? '')} is not this emulator's address`);
    handle(req, res, store, config).catch(() => {
      if (!res.headersSent) sendInternalError(res);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const reachable = connectableHost(host);
  const shownHost = reachable.includes(':') && !reachable.startsWith('[') ? `[${reachable}]` : reachable;
  return {
    url: `http://${shownHost}:${port}`,
    token,
    strict: config.strict,
    exposed,
    requests,
    events,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, store: Store, config: EmulatorConfig): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  // Split the raw path before decoding, so "%2F" inside an id never becomes a separator.
  const rawPath = (req.url ?? '/').split('?')[0]!;
  const segments = rawPath.split('/').filter(Boolean);
  const rawBody = await readBody(req);
  if (rawBody === undefined) return sendDetail(res, 413, `Request body larger than ${MAX_BODY_BYTES} bytes`);

  if (segments.length < 2 || segments[0] !== API_PREFIX[0] || segments[1] !== API_PREFIX[1]) {
    return sendDetail(res, 404, 'Not Found');
  }
  const match = matchRoute(req.method ?? 'GET', segments.slice(2));
  if ('error' in match) return sendDetail(res, match.error, match.error === 404 ? 'Not Found' : 'Method Not Allowed');
  const apiUserId = match.open ? undefined : authorizedUser(req, res, config, store);
  if (!match.open && apiUserId === undefined) return;
  await match.handler({ req, res, params: match.params, query: url.searchParams, rawBody, store, config, apiUserId });
}

/** FastAPI's HTTPBearer (0.95) and the real service's JWT check, or the spec's 401s in strict mode: the caller's user id. */
function authorizedUser(
  req: IncomingMessage,
  res: ServerResponse,
  config: EmulatorConfig,
  store: Store,
): string | undefined {
  const header = req.headers.authorization ?? '';
  const [scheme, credentials] = header.split(/\s+/, 2);
  if (!header) {
    sendDetail(res, config.strict ? 401 : 403, 'Not authenticated');
    return undefined;
  }
  if (scheme?.toLowerCase() !== 'bearer' || !credentials) {
    sendDetail(res, config.strict ? 401 : 403, 'Invalid authentication credentials');
    return undefined;
  }
  const user = store.accounts.userOf(credentials);
  if (user === undefined) {
    // The real service cannot decode the token and fails with an uncaught exception.
    if (config.strict) sendDetail(res, 401, 'Invalid token or expired token');
    else sendInternalError(res);
  }
  return user;
}

/** The real service sits behind a proxy that caps bodies; 1 MiB is nginx's default. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The body, or undefined past the cap. The rest is read and dropped, so memory stays bounded and the client still gets the 413. */
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
    else chunks.length = 0;
  }
  return size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8');
}
