import type { RunRecord } from '../../../logs/record.js';
import { CliError, interrupted } from '../../../errors.js';
import { listAllAgents } from '../../../api/agents.js';
import type { McpSettings } from '../../../mcp/server.js';
import { AgentWatcher } from '../../../mcp/watcher.js';
import type { RunOf } from '../../command.js';
import { lineCapped } from '../../../io/read-input.js';
import { MAX_INPUT_BYTES } from '../../../io/limits.js';
import type { spec } from './definition.js';

/** What this run receives (its spec's `uses`), as its helpers take it. */
type RunCtx = Parameters<RunOf<typeof spec>>[1];

type Options = Parameters<RunOf<typeof spec>>[0];

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const settings = await mcpSettings(ctx, options);
  await checkAtStart(ctx, settings, options);
  if (options.http) return (await import('./http.js')).serveHttp(ctx, settings, options);
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
    void input.endedEarly.then(() => resolve('input'));
    ctx.signal?.addEventListener('abort', () => resolve('signal'), { once: true });
  });
  stop();
  await new Promise((resolve) => setImmediate(resolve)); // the last line's call has started
  // The calls under way are answered before the server goes: all of them when the input ended (a
  // client may send its last request and close), each cancelled with an error result on Ctrl-C.
  const unanswered = await settle(ended === 'input' ? (ctx.settings().timeout + 5) * 1000 : 0);
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
async function checkAtStart(ctx: RunCtx, settings: McpSettings, options: Options): Promise<void> {
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

async function mcpSettings(ctx: RunCtx, options: Options): Promise<McpSettings> {
  const references = options.agent;
  let resolved: Promise<Set<string>> | undefined;
  // --agent names are resolved when first needed (the service may be down at start), then kept.
  const only = async () => {
    if (references.length === 0) return undefined;
    resolved ??= Promise.all(references.map((reference) => ctx.resolve('agent', reference))).then(
      (ids) => new Set(ids),
    );
    return resolved.catch((error: unknown) => {
      resolved = undefined;
      throw error;
    });
  };
  const exposed = async () => {
    const [agents, ids] = await Promise.all([ctx.client().then(listAllAgents), only()]);
    return ids ? agents.filter((agent) => ids.has(agent.id)) : agents;
  };
  // One run log for the server's life: each call is written as it is answered.
  const log = await ctx.runLog();
  return {
    client: () => ctx.client(),
    timeoutSeconds: ctx.settings().timeout,
    ...(log && { record: (run: RunRecord) => void log.record(run) }),
    ...(options.watch !== undefined && { watcher: new AgentWatcher(options.watch, exposed) }),
    say: (line) => ctx.io.logger.warn(line),
    only,
  };
}
