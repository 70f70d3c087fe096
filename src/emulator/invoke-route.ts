// POST /agents/{id}/invoke: the fake model's answer as one JSON body or as the real
// service's SSE frames (raw tokens, empty data for "\n", trailing function_call frames, no end marker).
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Handler, RouteContext } from './context.js';
import { answer, MARKERS, toolCallFrameData, type ModelAnswer } from './fake-model.js';
import { sendDetail, sendEnvelope, sendValidation } from './http.js';
import { agentNotFound } from './not-found.js';
import { checkFields, parseBody } from './validation.js';
import { textOf } from '../util/text-of.js';

const SLOW_TOKEN_MS = 50;

export const invokeAgent: Handler = async (ctx) => {
  const { body, errors } = parseBody(ctx.rawBody);
  const problems = body
    ? checkFields(body, {
        input: { type: 'str', required: true },
        enableStreaming: { type: 'bool', required: true },
        sessionId: { type: 'str' },
        outputSchema: { type: 'str' },
        llm_params: { type: 'object' },
      })
    : errors;
  if (problems.length === 0 && body?.llm_params)
    problems.push(...checkLlmParams(body.llm_params as Record<string, unknown>));
  if (problems.length > 0) return sendValidation(ctx.res, problems);

  const agentId = ctx.params[0]!;
  const agent = ctx.store.agents.get(agentId);
  if (!agent) return agentNotFound(ctx, 'invoke');

  const input = body!.input as string;
  const memoryKey = `agt_${agentId}_${(body!.sessionId as string | undefined) ?? ''}`;
  const history = ctx.store.memory.get(memoryKey) ?? [];
  const tools = ctx.store
    .linksOf('tool', agentId)
    .map((link) => textOf(ctx.store.findInCatalog('tool', link.targetId)?.name ?? link.targetId));
  const schema = (body!.outputSchema as string | undefined) || agent.outputSchema || undefined;
  const result = answer(input, history, tools, schema);
  ctx.store.memory.set(memoryKey, [...history, input]);

  if (body!.enableStreaming === true) return stream(ctx, input, result);
  if (input.includes(MARKERS.error)) return sendDetail(ctx.res, 500, 'simulated model failure');
  sendEnvelope(ctx.res, {
    input,
    chat_history: history.flatMap((turn) => [{ type: 'human', content: turn }]),
    output: result.structured ?? result.tokens.join(''),
    intermediate_steps: result.toolUses.map((use) => [
      {
        tool: use.name,
        tool_input: use.args,
        log: `\nInvoking: \`${use.name}\` with \`${JSON.stringify(use.args)}\`\n`,
        type: 'AgentActionMessageLog',
        message_log: [],
      },
      use.response,
    ]),
  });
};

function checkLlmParams(params: Record<string, unknown>) {
  const problems = [];
  const { temperature, max_tokens } = params;
  if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 2)) {
    problems.push({
      loc: ['body', 'llm_params', 'temperature'],
      msg: 'temperature must be between 0 and 2',
      type: 'value_error',
    });
  }
  if (max_tokens !== undefined && (!Number.isInteger(max_tokens) || (max_tokens as number) < 1)) {
    problems.push({
      loc: ['body', 'llm_params', 'max_tokens'],
      msg: 'ensure this value is greater than or equal to 1',
      type: 'value_error.number.not_ge',
    });
  }
  return problems;
}

async function stream(ctx: RouteContext, input: string, result: ModelAnswer): Promise<void> {
  const { res } = ctx;
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  const delay = input.includes(MARKERS.slow) ? SLOW_TOKEN_MS : ctx.config.tokenDelayMs;
  const fail = input.includes(MARKERS.error);
  const hang = input.includes(MARKERS.hang);
  const tokens = fail || hang ? result.tokens.slice(0, 3) : result.tokens;

  for (const token of tokens) {
    if (res.destroyed) return;
    await write(res, `event: message\ndata: ${token}\n\n`); // raw, as the real service: "\n" makes an empty data line
    if (delay > 0) await sleep(delay);
  }
  if (hang) return; // goes silent without closing, until the client gives up or the emulator stops
  if (fail) {
    await write(res, 'event: error\ndata: Error code: 500 - simulated model failure\n\n');
    return void res.end();
  }
  for (const use of result.toolUses) await write(res, `event: function_call\ndata: ${toolCallFrameData(use)}\n\n`);
  res.end();
}

/** One frame per write, waiting for the socket to drain so a long answer never piles up in memory. */
function write(res: ServerResponse, frame: string): Promise<void> {
  if (res.write(frame)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
