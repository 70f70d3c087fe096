// The MCP server behind `agents mcp serve`: one tool per agent of the profile; a call invokes the
// agent with streaming, sends each new piece of text as progress, and answers the whole text (or,
// for an agent with an output schema, checked structured content). Failures of the service are tool
// results with isError, never a crashed server; a request the server cannot take (an unknown tool,
// a cursor it never issued) is a JSON-RPC error, as the specification has it.
import { adviceFor } from '../advice.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { CallToolRequestSchema, ListToolsRequestSchema, Server } from './sdk.js';
import { listAllAgents, type Agent } from '../api/agents.js';
import type { ApiClient } from '../api/client.js';
import { invokeAgent } from '../api/invoke.js';
import type { RunRecord } from '../logs/record.js';
import { CliError } from '../errors.js';
import { toolCallJson, type ToolCall } from '../invoke/answer-printer.js';
import { KeptAnswer } from '../invoke/kept-answer.js';
import { explainFailure } from '../invoke/explain-failure.js';
import { scrubSecrets } from '../secrets/known.js';
import { publishedSchema, structuredAnswer, type PublishedSchema } from './structured.js';
import { VERSION } from '../version.js';
import { ProgressReporter } from './progress.js';
import { ToolNames } from './tool-names.js';
import type { AgentWatcher } from './watcher.js';
import { INVALID_PARAMS } from './json-rpc.js';
import { TITLE_MAX, toolDescription, visibleText } from './agent-text.js';

export interface McpSettings {
  client: () => Promise<ApiClient>;
  timeoutSeconds: number;
  /** Only these agent ids (from --agent), or every agent of the profile (undefined). */
  only: () => Promise<Set<string> | undefined>;
  /** --watch: tells the client when the set of agents changed (one poller for the process). */
  watcher?: AgentWatcher;
  /** A line for people (stderr). */
  say: (line: string) => void;
  /** The agents, asked for while the SDK loaded: the first tools/list answers from it. */
  prefetched?: Promise<Agent[]>;
  /** The tool names given so far: one book for the process, so every session names an agent alike. */
  names?: ToolNames;
  /**
   * Whether the client is not reading what was sent for this request (HTTP: its connection's buffer
   * is full). Progress waits then: what a client does not read must not pile up in the server.
   */
  backlogged?: (requestId: string | number) => boolean;
  /** The run log's writer, when calls are logged. */
  record?: (run: RunRecord) => void;
}

type Listed = Array<{ name: string; agent: Agent }>;

export { StdioServerTransport } from './sdk.js';
export { ToolNames } from './tool-names.js';
export { GuardedTransport } from './guarded-transport.js';
export { guardedLines } from './stdio-lines.js';

export interface McpServer {
  server: Server;
  stop: () => void;
  /**
   * Waits for the calls under way to be answered, at most `waitMs`; then stops the rest, which
   * answer with a cancelled error result, and waits a moment for those. Says how many never settled.
   */
  settle: (waitMs: number) => Promise<number>;
  /** Stops the calls of these requests (their client went away): each answers as cancelled. */
  cancel: (ids: Array<string | number>) => void;
}

export function createMcpServer(settings: McpSettings): McpServer {
  const server = new Server(
    { name: 'agents', version: VERSION },
    { capabilities: { tools: settings.watcher ? { listChanged: true } : {} } },
  );
  let current: Listed = [];
  let prefetched = settings.prefetched;
  // The calls under way, so that an input that ends, or Ctrl-C, leaves none of them unanswered.
  const underWay = new Set<Promise<unknown>>();
  const stopping = new AbortController();
  const cancels = new Map<string | number, AbortController>();
  const names = settings.names ?? new ToolNames();

  const list = async (): Promise<Listed> => {
    const pending = prefetched;
    prefetched = undefined;
    const agents = await (pending ?? settings.client().then(listAllAgents));
    const only = await settings.only();
    current = names.assign(only ? agents.filter((agent) => only.has(agent.id)) : agents);
    return current;
  };

  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    // Every tool is in the one page this server answers: it issues no cursor, so any cursor is unknown.
    if (request.params?.cursor !== undefined)
      throw protocolError(INVALID_PARAMS, 'Invalid params: unknown cursor (this server lists every tool in one page)');
    try {
      return { tools: await Promise.all((await list()).map(({ name, agent }) => toolOf(name, agent))) };
    } catch (error) {
      // The server starts and keeps running when the service is down: an empty list, and why.
      settings.say(`agents mcp: cannot list the agents: ${messageOf(error)}`);
      return { tools: [] };
    }
  });

  const call = async (
    request: { params: { name: string; arguments?: Record<string, unknown> } },
    extra: Parameters<Parameters<Server['setRequestHandler']>[1]>[1],
  ): Promise<CallToolResult> => {
    try {
      const tool =
        current.find((entry) => entry.name === request.params.name) ??
        (await list()).find((entry) => entry.name === request.params.name);
      // A protocol error, as the specification's example has it: the client named no tool of ours.
      if (!tool) throw protocolError(INVALID_PARAMS, `Unknown tool: ${request.params.name}`);
      const args = (request.params.arguments ?? {}) as { input?: unknown; session?: unknown };
      if (typeof args.input !== 'string' || args.input.trim() === '')
        throw new CliError('usage', 'input must be a non-empty string');
      // node:crypto on the first call, not before the first answer (5 ms on Node 26).
      const sessionId =
        typeof args.session === 'string' && args.session
          ? args.session
          : process.getBuiltinModule('node:crypto').randomUUID();
      const progressToken = extra._meta?.progressToken;
      const onText =
        progressToken === undefined
          ? undefined
          : (added: string, received: number) =>
              // progress: the characters received so far (it only grows); message: the text added.
              extra.sendNotification({
                method: 'notifications/progress',
                params: { progressToken, progress: received, message: scrubSecrets(added) },
              });
      const client = await settings.client();
      // Cancelled by the client, by its connection closing (HTTP), or by the server stopping.
      const cancel = new AbortController();
      cancels.set(extra.requestId, cancel);
      const onCancel = () => cancel.abort();
      for (const source of [extra.signal, stopping.signal]) {
        if (source.aborted) cancel.abort();
        source.addEventListener('abort', onCancel, { once: true });
      }
      const backlogged = settings.backlogged && (() => settings.backlogged!(extra.requestId));
      const answer = await ask(
        client,
        tool.agent,
        args.input,
        sessionId,
        settings.timeoutSeconds,
        cancel.signal,
        onText,
        backlogged,
      ).finally(() => {
        cancels.delete(extra.requestId);
        for (const source of [extra.signal, stopping.signal]) source.removeEventListener('abort', onCancel);
      });
      settings.record?.({
        command: 'mcp',
        agentId: tool.agent.id,
        agentName: tool.agent.name ?? undefined,
        sessionId,
        input: args.input,
        answer: answer.text,
        toolCalls: answer.toolCalls.map(toolCallJson),
        outputSchema: typeof tool.agent.outputSchema === 'string' ? tool.agent.outputSchema || undefined : undefined,
        value: answer.value,
        error:
          answer.error === undefined
            ? undefined
            : { kind: answer.error === 'cancelled' ? 'interrupted' : 'failed', message: answer.error },
        exitCode: answer.error === undefined ? 0 : 1,
        ttftMs: answer.ttftMs,
        totalMs: answer.totalMs,
      });
      return scrubbed(resultOf(answer, sessionId, await publishedSchema(tool.agent.outputSchema)));
    } catch (error) {
      if (error instanceof ProtocolError) throw error;
      return scrubbed({ isError: true, content: [{ type: 'text', text: messageOf(error) }] });
    }
  };
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const work = call(request, extra);
    underWay.add(work);
    work.finally(() => underWay.delete(work)).catch(() => undefined); // its error is the SDK's to answer
    return work;
  });

  // One poller for the process (HTTP sessions share it); each server tells its own client.
  const unwatch = settings.watcher?.subscribe(() => void server.sendToolListChanged().catch(() => undefined));
  const settled = (waitMs: number) =>
    Promise.race([
      Promise.allSettled([...underWay]).then(() => true),
      new Promise<false>((resolve) => setTimeout(resolve, waitMs, false).unref()),
    ]);
  return {
    server,
    stop: () => unwatch?.(),
    cancel: (ids) => {
      for (const id of ids) cancels.get(id)?.abort();
    },
    async settle(waitMs) {
      if (!(await settled(waitMs))) {
        stopping.abort();
        await settled(1000);
      }
      // The SDK sends a result once its handler has returned: one more turn for those sends.
      await new Promise((resolve) => setImmediate(resolve));
      return underWay.size;
    },
  };
}

/** An error the SDK answers as a JSON-RPC error with this code (not a tool result). */
class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
const protocolError = (code: number, message: string) => new ProtocolError(code, message);

async function toolOf(name: string, agent: Agent): Promise<Tool> {
  const published = await publishedSchema(agent.outputSchema);
  return {
    name,
    title: visibleText(agent.name ?? '', TITLE_MAX) || name,
    description: toolDescription(agent),
    inputSchema: {
      type: 'object',
      properties: {
        input: { type: 'string', description: 'what to ask the agent' },
        session: {
          type: 'string',
          description:
            'a session id to continue a conversation (each call is a fresh one without it); the id used is in _meta.sessionId',
        },
      },
      required: ['input'],
    },
    ...(published && { outputSchema: published.schema as Tool['outputSchema'] }),
    annotations: { readOnlyHint: false, openWorldHint: true },
  };
}

/**
 * The tool result of an answer: its text, and for an agent with a published output schema the
 * parsed answer as structuredContent, or an error result when the answer is not what it asks for.
 */
function resultOf(answer: Answered, sessionId: string, published: PublishedSchema | undefined): CallToolResult {
  const _meta = { sessionId, toolCalls: answer.toolCalls.map(toolCallJson) };
  const failed = (why: string): CallToolResult => ({
    isError: true,
    content: [{ type: 'text', text: answer.text ? `${answer.text}\n\n${why}` : why }],
    _meta,
  });
  if (answer.error) return failed(answer.error);
  if (published) {
    const structured = structuredAnswer(answer, published);
    if ('problem' in structured) return failed(structured.problem);
    return {
      content: [{ type: 'text', text: JSON.stringify(structured.value) }],
      structuredContent: structured.value,
      _meta,
    };
  }
  const text = answer.value !== undefined ? JSON.stringify(answer.value) : answer.text;
  return { content: [{ type: 'text', text }], _meta };
}

/**
 * Every text of a result with the token and every known secret taken out. Over stdio, stdout's
 * scrubbing does it too; over HTTP the SDK writes the response itself, so it is done here, for both.
 */
function scrubbed<T>(value: T): T {
  if (typeof value === 'string') return scrubSecrets(value) as T;
  if (Array.isArray(value)) return value.map(scrubbed) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, scrubbed(inner)])) as T;
  return value;
}

interface Answered {
  text: string;
  value?: unknown;
  toolCalls: ToolCall[];
  error?: string;
  /** From the call to the first piece of the answer, and to its end (the run log's timings). */
  ttftMs?: number;
  totalMs?: number;
}

async function ask(
  client: ApiClient,
  agent: Agent,
  input: string,
  sessionId: string,
  timeoutSeconds: number,
  signal: AbortSignal,
  onText?: (added: string, received: number) => Promise<void>,
  backlogged?: () => boolean,
): Promise<Answered> {
  const kept = new KeptAnswer<ToolCall>();
  let value: unknown;
  const progress = onText && new ProgressReporter(onText, backlogged);
  const started = performance.now();
  let ttftMs: number | undefined;
  const timed = <T extends object>(answered: T) => ({
    ...answered,
    ttftMs,
    totalMs: Math.round(performance.now() - started),
  });
  const outputSchema = typeof agent.outputSchema === 'string' && agent.outputSchema ? agent.outputSchema : undefined;
  try {
    for await (const batch of invokeAgent(
      client,
      agent.id,
      { input, enableStreaming: true, sessionId, ...(outputSchema && { outputSchema }) },
      timeoutSeconds,
      signal,
    )) {
      let grew = false;
      for (const event of batch) {
        if (event.type === 'token') {
          ttftMs ??= Math.round(performance.now() - started);
          kept.addText(event.text);
          progress?.add(event.text);
          grew = true;
        } else if (event.type === 'value') value = event.value;
        else if (event.type === 'tool_call')
          kept.addToolCall({ name: event.name, args: event.args, response: event.response, raw: event.raw });
        else
          return timed({
            text: kept.text,
            toolCalls: kept.toolCalls,
            error: `the agent failed: ${event.message.split('\n')[0]}`,
          });
      }
      if (grew) await progress?.report(false);
    }
    await progress?.report(true);
  } catch (error) {
    if (signal.aborted) return timed({ text: kept.text, toolCalls: kept.toolCalls, error: 'cancelled' });
    // An agent deleted since it was listed: the real service's bare 500 told apart, as invoke does.
    const explained = error instanceof CliError ? await explainFailure(client, agent.id, error, kept.text) : error;
    return timed({ text: kept.text, toolCalls: kept.toolCalls, error: messageOf(explained) });
  }
  return timed({ text: kept.text, ...(value !== undefined && { value }), toolCalls: kept.toolCalls });
}

/** The CLI's one line for an error: its message and, for a CliError, the advice under it. */
function messageOf(error: unknown): string {
  if (error instanceof CliError) return [error.message, adviceFor(error)].filter(Boolean).join('. ');
  return error instanceof Error ? error.message : String(error);
}
