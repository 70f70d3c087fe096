import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from '../../../context.js';
import { CliError, interrupted } from '../../../errors.js';
import { listAllAgents } from '../../../api/agents.js';
import type { McpSettings } from '../../../mcp/server.js';
import type { RunOf } from '../../command.js';
import { lineCapped } from '../../../io/read-input.js';
import { MAX_INPUT_BYTES } from '../../../io/limits.js';
import { errorResponse, INVALID_REQUEST, invalidMessage, PARSE_ERROR } from '../../../mcp/json-rpc.js';
import type { spec } from './spec.js';

type Options = Parameters<RunOf<typeof spec>>[0];

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const settings = mcpSettings(ctx, options);
  await checkAtStart(ctx, settings, options);
  if (options.http) return serveHttp(ctx, settings, options.port);
  // The agents are asked for while the SDK loads (its schemas cost tens of ms): the client's first
  // tools/list then finds them ready. A failure here is the first list's to report. The request
  // must be on its way first: loading the SDK holds the thread, and the connection opens and the
  // request goes out only in a turn of the event loop (without it, they waited for the SDK).
  const client = settings.client();
  const prefetched = client.then(listAllAgents);
  prefetched.catch(() => undefined);
  await client.catch(() => undefined);
  await new Promise((resolve) => setImmediate(resolve));
  const { createMcpServer, StdioServerTransport, GuardedTransport, guardedLines } =
    await import('../../../mcp/server.js');
  const { server, stop, settle } = createMcpServer({ ...settings, prefetched });
  // stdout carries protocol only: everything for people goes to stderr.
  // Each JSON-RPC line held to the cap of every input: stdin with no line break cannot grow memory.
  const input = lineCapped(ctx.io.stdin, 'a line of MCP input on stdin');
  // The SDK reads what guardedLines lets through: a line that is not a message is answered there.
  const lines = new (process.getBuiltinModule('node:stream').PassThrough)();
  // The SDK's own limit on a line is above ours, so ours, with its message, is the one met.
  const sdkTransport = new StdioServerTransport(lines, ctx.out.channel() as never, {
    maxBufferSize: MAX_INPUT_BYTES + 1024 * 1024,
  });
  const transport = new GuardedTransport(sdkTransport);
  guardedLines(input.stream, transport).pipe(lines);
  await server.connect(transport);
  const ended = await new Promise<'input' | 'signal'>((resolve) => {
    // The end of what the SDK reads: every line of the input has reached it by then.
    lines.once('end', () => resolve('input'));
    void input.overflowed.then(() => resolve('input'));
    ctx.deps.signal?.addEventListener('abort', () => resolve('signal'), { once: true });
  });
  stop();
  await new Promise((resolve) => setImmediate(resolve)); // the last line's call has started
  // The calls under way are answered before the server goes: all of them when the input ended (a
  // client may send its last request and close), each cancelled with an error result on Ctrl-C.
  const unanswered = await settle(ended === 'input' ? (ctx.settings().timeoutSeconds + 5) * 1000 : 0);
  await server.close();
  if (ended === 'signal') input.stop();
  const failure = input.failed();
  if (failure) throw failure;
  if (unanswered > 0)
    throw new CliError('stream', `the input ended with ${unanswered} call${unanswered === 1 ? '' : 's'} unanswered`);
  if (ended === 'signal') throw interrupted();
};

/**
 * What can be told before serving: an --agent the service does not have is exit 5 (a service that
 * is down is not: the server starts, and lists agents once it answers); no token or address is
 * said on stderr now, not only as an empty tool list; a person at a terminal learns that the
 * server waits for a client, not for them.
 */
async function checkAtStart(ctx: Context, settings: McpSettings, options: Options): Promise<void> {
  if (!options.http && ctx.io.stdinIsTerminal)
    ctx.io.notice(
      "agents mcp serve waits for an MCP client on stdin and stdout: add it to the client's configuration (docs/mcp.md) instead of running it here, or use --http. Ctrl-C stops it.",
    );
  try {
    await settings.client();
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    ctx.io.logger.warn(`agents mcp: ${error.message}: the server runs, but lists no tools until that is fixed`);
    return;
  }
  if (options.agent.length === 0) return;
  await settings.only().catch((error: unknown) => {
    if (error instanceof CliError && (error.kind === 'unreachable' || error.kind === 'timeout')) return; // resolved when the service answers
    throw error;
  });
}

function mcpSettings(ctx: Context, options: Options): McpSettings {
  const references = options.agent;
  let only: Promise<Set<string>> | undefined;
  return {
    client: () => ctx.client(),
    timeoutSeconds: ctx.settings().timeoutSeconds,
    watchSeconds: options.watch,
    say: (line) => ctx.io.logger.warn(line),
    // --agent names are resolved when first needed (the service may be down at start), then kept.
    only: async () => {
      if (references.length === 0) return undefined;
      only ??= Promise.all(references.map((reference) => ctx.resolve('agent', reference))).then((ids) => new Set(ids));
      return only.catch((error: unknown) => {
        only = undefined;
        throw error;
      });
    },
  };
}

/** Streamable HTTP on loopback: one MCP session per client, a bearer token, only our own Host. */
async function serveHttp(ctx: Context, settings: McpSettings, port: number): Promise<void> {
  const [{ StreamableHTTPServerTransport }, { createMcpServer, ToolNames, GuardedTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('../../../mcp/server.js'),
  ]);
  // node:crypto in this mode only: over stdio the server's first answer would wait for it (5 ms on Node 26).
  const { randomBytes, randomUUID } = process.getBuiltinModule('node:crypto');
  const token = randomBytes(24).toString('base64url');
  const sessions = new Map<string, InstanceType<typeof StreamableHTTPServerTransport>>();
  // One book of tool names for every session: a client's session names an agent as any other does.
  const names = new ToolNames();
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
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp')
      return void res.writeHead(404).end('Not Found: the endpoint is /mcp\n');
    if (!bearerMatches(req.headers.authorization, token))
      return void res.writeHead(401, { 'www-authenticate': 'Bearer' }).end('Unauthorized\n');
    // A POST's body is read here, so that what is not JSON (-32700) or not a JSON-RPC message
    // (-32600) is answered as the specification asks before any session or server is made.
    const body = req.method === 'POST' ? await readMessages(req) : undefined;
    if (body && 'error' in body) return void res.writeHead(body.status, JSON_TYPE).end(JSON.stringify(body.error));
    const sessionId = req.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (!transport) {
      if (typeof sessionId === 'string') return void res.writeHead(404).end('Unknown session\n');
      // Only an initialize starts a session: anything else without one leaves nothing behind.
      if (!body || !startsSession(body.messages))
        return void res
          .writeHead(400, JSON_TYPE)
          .end(JSON.stringify(errorResponse(null, INVALID_REQUEST, 'Bad Request: no session; send initialize first')));
      const { server, stop } = createMcpServer({ ...settings, names });
      const fresh = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (id) => void sessions.set(id, fresh),
        onsessionclosed: (id) => void sessions.delete(id),
      });
      const guarded = new GuardedTransport(fresh);
      guarded.onclose = () => stop();
      await server.connect(guarded);
      transport = fresh;
    }
    await transport.handleRequest(req, res, body?.messages);
  };
  await new Promise<void>((resolve, reject) => {
    http.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new CliError('usage', `port ${port} is already in use`, { hint: 'Pass --port 0 for any free port.' })
          : error,
      ),
    );
    http.listen(port, '127.0.0.1', () => resolve());
  });
  address = `127.0.0.1:${(http.address() as { port: number }).port}`;
  // Printed once, on stderr: the client's configuration needs both.
  ctx.io.notice(`MCP over HTTP at http://${address}/mcp\nAuthorization: Bearer ${token}\nCtrl-C stops it.`);
  await new Promise<void>((resolve) => {
    const stop = () => http.close(() => resolve());
    ctx.deps.signal?.addEventListener('abort', stop, { once: true });
    process.once('SIGTERM', stop);
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (\S+)$/.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && process.getBuiltinModule('node:crypto').timingSafeEqual(given, wanted);
}

const JSON_TYPE = { 'content-type': 'application/json' };

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
  for (const message of Array.isArray(value) ? value : [value]) {
    const problem = invalidMessage(message);
    if (problem) return { status: 400, error: problem };
  }
  return { messages: value };
}

const startsSession = (messages: unknown) =>
  (Array.isArray(messages) ? messages : [messages]).some(
    (message) => (message as { method?: unknown }).method === 'initialize',
  );
