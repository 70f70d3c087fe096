// `agents mcp serve --http`: Streamable HTTP on loopback. One MCP session per client, each a server
// of its own over the SDK's transport (wrapped: guarded-transport.ts); a bearer token; only this
// server's own Host, and no Origin but a loopback one (a page in a browser cannot drive it).
// Sessions end: on DELETE, after an idle time, and never more than a cap at once. Messages on SSE
// streams carry ids kept in a bounded store, so a client can resume with Last-Event-ID.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Uses } from '../../../context.js';
import { CliError } from '../../../errors.js';
import { MAX_INPUT_BYTES } from '../../../io/limits.js';
import { privatePathProblem } from '../../../io/private-path.js';
import { writePrivateFile } from '../../../io/write-file.js';
import { isLoopbackHost } from '../../../config/base-url.js';
import {
  batchProblem,
  errorResponse,
  INVALID_REQUEST,
  invalidMessage,
  PARSE_ERROR,
  requestIdsOf,
} from '../../../mcp/json-rpc.js';
import type { McpSettings } from '../../../mcp/server.js';
import { SessionTable } from '../../../mcp/http-sessions.js';
import { readFile } from 'node:fs/promises';
import { importMcpHttp } from '../../../util/esm-vendor.js';

/** A session no request has used for this long is closed. */
const SESSION_IDLE_MS = 30 * 60 * 1000;
/** Live sessions at once: dozens for a conformance suite, far from what memory would mind. */
const MAX_SESSIONS = 256;
/** What a client is told to wait before reconnecting a broken stream (the SSE retry field). */
const RETRY_MS = 1000;

const JSON_TYPE = { 'content-type': 'application/json' };

export async function serveHttp(
  ctx: Uses,
  settings: McpSettings,
  options: { port: number; tokenFile?: string },
): Promise<void> {
  const [{ StreamableHTTPServerTransport }, { createMcpServer, ToolNames, GuardedTransport }, { BoundedEventStore }] =
    await Promise.all([importMcpHttp(), import('../../../mcp/server.js'), import('../../../mcp/event-store.js')]);
  // node:crypto in this mode only: over stdio the server's first answer would wait for it (5 ms on Node 26).
  const { randomUUID } = process.getBuiltinModule('node:crypto');
  const { token, made } = await bearerToken(options.tokenFile);
  type Transport = InstanceType<typeof StreamableHTTPServerTransport>;
  type Session = {
    transport: Transport;
    close: () => Promise<void>;
    cancel: (ids: Array<string | number>) => void;
    responses: Map<string | number, ServerResponse>;
    /** The protocol version the session's initialize settled. */
    version: () => string | undefined;
  };
  const sessions = new SessionTable<Session>(MAX_SESSIONS, SESSION_IDLE_MS);
  // One book of tool names for every session: a client's session names an agent as any other does.
  const names = new ToolNames();
  const eventStore = new BoundedEventStore();
  let address = '';
  // As a CommonJS builtin, in this mode only: an ESM import of node:http loads Node 22+'s own undici (see api/client.ts).
  const http = process.getBuiltinModule('node:http').createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end();
      ctx.io.logger.warn(`agents mcp: ${(error as Error).message}`);
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const host = req.headers.host ?? '';
    if (host !== address && host !== address.replace('127.0.0.1', 'localhost'))
      return void res.writeHead(421).end('Misdirected Request: not this server’s address\n');
    if (!loopbackOrigin(req.headers.origin))
      return void res.writeHead(403).end('Forbidden: a request from a web page (its Origin) is refused\n');
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp')
      return void res.writeHead(404).end('Not Found: the endpoint is /mcp\n');
    if (!bearerMatches(req.headers.authorization, token))
      return void res.writeHead(401, { 'www-authenticate': 'Bearer' }).end('Unauthorized\n');
    // A POST's body is read here, so that what is not JSON (-32700) or not a JSON-RPC message
    // (-32600) is answered as the specification asks before any session or server is made.
    const body = req.method === 'POST' ? await readMessages(req) : undefined;
    if (body && 'error' in body) return void res.writeHead(body.status, JSON_TYPE).end(JSON.stringify(body.error));
    const sessionId = req.headers['mcp-session-id'];
    let session = typeof sessionId === 'string' ? sessions.use(sessionId) : undefined;
    if (!session && typeof sessionId === 'string') return void res.writeHead(404).end('Unknown session\n');
    // A batch is taken or refused by the rules stdio follows (json-rpc.ts), before the SDK sees it.
    const refused = Array.isArray(body?.messages) ? batchProblem(body.messages, session?.version()) : undefined;
    if (refused) return void res.writeHead(400, JSON_TYPE).end(JSON.stringify(refused));
    if (!session) {
      // Only an initialize starts a session: anything else without one leaves nothing behind.
      if (!body || !startsSession(body.messages))
        return void res
          .writeHead(400, JSON_TYPE)
          .end(JSON.stringify(errorResponse(null, INVALID_REQUEST, 'Bad Request: no session; send initialize first')));
      if (sessions.full)
        return void res
          .writeHead(503, { ...JSON_TYPE, 'retry-after': '60' })
          .end(
            JSON.stringify(
              errorResponse(null, -32000, `Too many sessions: ${MAX_SESSIONS} are open; end one (DELETE)`),
            ),
          );
      // Each request's response, while it is open: a client that stops reading it holds up its progress.
      const responses = new Map<string | number, ServerResponse>();
      const { server, stop, cancel } = createMcpServer({
        ...settings,
        names,
        backlogged: (id) => responses.get(id)?.writableNeedDrain === true,
      });
      const fresh: Transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        eventStore,
        retryInterval: RETRY_MS,
        onsessioninitialized: (id) => sessions.add(id, opened),
        onsessionclosed: (id) => void sessions.delete(id),
      });
      const guarded = new GuardedTransport(fresh);
      const opened: Session = {
        transport: fresh,
        close: () => fresh.close(),
        cancel,
        responses,
        version: () => guarded.protocolVersion,
      };
      guarded.onclose = () => {
        stop();
        if (fresh.sessionId) sessions.delete(fresh.sessionId);
      };
      await server.connect(guarded);
      session = opened;
    }
    // A client that goes away before its answer: its calls stop, and the agents' invokes with them.
    const ids = requestIdsOf(listOf(body?.messages));
    const { cancel, responses } = session;
    for (const id of ids) responses.set(id, res);
    res.once('close', () => {
      for (const id of ids) if (responses.get(id) === res) responses.delete(id);
      if (ids.length > 0 && !res.writableFinished) cancel(ids);
    });
    await session.transport.handleRequest(req, res, body?.messages);
    // A cancelled request gets no reply (the SDK drops it), so its POST's stream would stay open
    // for good: it is ended now. A batch's stream is left to the SDK, which ends it once every
    // member has a reply: ending it here would cut off the others' answers.
    for (const id of cancelledIds(body?.messages)) {
      const stream = responses.get(id);
      if (stream && [...responses.values()].filter((other) => other === stream).length === 1)
        session.transport.closeSSEStream(id);
    }
  };
  // Idle sessions are closed, each with its server (and its share of --watch).
  const sweep = setInterval(() => sessions.closeIdle(), Math.min(SESSION_IDLE_MS, 60_000));
  sweep.unref();
  await new Promise<void>((resolve, reject) => {
    http.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new CliError('usage', `port ${options.port} is already in use`, {
              hint: 'Pass --port 0 for any free port.',
            })
          : error,
      ),
    );
    http.listen(options.port, '127.0.0.1', () => resolve());
  });
  address = `127.0.0.1:${(http.address() as { port: number }).port}`;
  // Printed once, on stderr: the client's configuration needs both. A token in --token-file is
  // where its clients read it, made now or kept: it is never printed (a terminal's scrollback or a
  // CI log would keep a token meant to outlive this run).
  const bearer = options.tokenFile
    ? `the token in ${options.tokenFile}${made ? ' (made now, 0600)' : ''}`
    : `${token} (a new one each start: --token-file FILE keeps one for a client configuration)`;
  ctx.io.notice(`MCP over HTTP at http://${address}/mcp\nAuthorization: Bearer ${bearer}\nCtrl-C stops it.`);
  await new Promise<void>((resolve) => {
    // Streams clients hold open would keep close() waiting: every session and connection is ended now.
    const stop = () => {
      clearInterval(sweep);
      sessions.closeAll();
      http.close(() => resolve());
      http.closeAllConnections();
    };
    ctx.signal?.addEventListener('abort', stop, { once: true });
    process.once('SIGTERM', stop);
  });
}

/**
 * The token clients must send, and whether it was made now: from --token-file when the file is the
 * user's alone (another user could have planted a token they know, or read it), made there with a
 * new one when missing, or a new one.
 */
async function bearerToken(file: string | undefined): Promise<{ token: string; made: boolean }> {
  const fresh = () => process.getBuiltinModule('node:crypto').randomBytes(24).toString('base64url');
  if (file === undefined) return { token: fresh(), made: true };
  const problem = privatePathProblem(file, 'file');
  if (problem)
    throw new CliError('usage', `--token-file ${file} ${problem}: not used`, {
      hint: 'A token file must be yours alone (chmod 600); or remove it to have a new one made there.',
    });
  const saved = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new CliError('usage', `cannot read --token-file ${file}: ${error.message}`);
  });
  if (saved === undefined) {
    const token = fresh();
    writePrivateFile(file, `${token}\n`);
    return { token, made: true };
  }
  const token = saved.trim();
  if (!/^\S{16,}$/.test(token))
    throw new CliError('usage', `--token-file ${file} does not hold a token (one line of 16 or more characters)`, {
      hint: 'Remove the file to have a new token made there.',
    });
  return { token, made: false };
}

/** No Origin (not a browser), or a page on this machine's loopback; `null` (a sandboxed page) is not. */
function loopbackOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  // The scheme is case-insensitive (RFC 9110 §11.1); the token is not.
  const given = Buffer.from(/^bearer +(\S+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && process.getBuiltinModule('node:crypto').timingSafeEqual(given, wanted);
}

/** A POST body: its JSON-RPC messages (one, or a batch), or the error response to send instead. */
async function readMessages(req: IncomingMessage): Promise<{ messages: unknown } | { status: number; error: object }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_INPUT_BYTES)
      return { status: 413, error: errorResponse(null, INVALID_REQUEST, 'Invalid Request: the body is too large') };
    chunks.push(chunk as Buffer);
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return { status: 400, error: errorResponse(null, PARSE_ERROR, 'Parse error: the body is not JSON') };
  }
  // A batch's messages are checked with the batch (batchProblem), as over stdio.
  const problem = Array.isArray(value) ? undefined : invalidMessage(value);
  return problem ? { status: 400, error: problem } : { messages: value };
}

/** A POST's messages as a list: one, a batch's, or none (not a POST). */
const listOf = (messages: unknown): unknown[] =>
  Array.isArray(messages) ? messages : messages === undefined ? [] : [messages];

/** The requests that notifications/cancelled among the messages name. */
const cancelledIds = (messages: unknown): Array<string | number> =>
  listOf(messages).flatMap((message) => {
    const { method, params } = message as { method?: unknown; params?: { requestId?: unknown } };
    const id = params?.requestId;
    return method === 'notifications/cancelled' && (typeof id === 'string' || typeof id === 'number') ? [id] : [];
  });

const startsSession = (messages: unknown) =>
  listOf(messages).some((message) => (message as { method?: unknown }).method === 'initialize');
