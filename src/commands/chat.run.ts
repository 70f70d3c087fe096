import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { invokeAgent } from '../api/invoke.js';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { reportError } from '../report.js';
import { printAnswer } from './answer.js';
import type { Options } from './define.js';
import { chooseSession, llmParams } from './invoke-options.js';
import { resolveAgentId } from './pick.js';

export async function run(ctx: Context, args: unknown[], options: Options): Promise<void> {
  const params = llmParams(options);
  const client = await ctx.client();
  const agentId = await resolveAgentId(ctx, args[0], async () => client);
  let sessionId = chooseSession(ctx, agentId, options);
  const onTerminal = ctx.deps.stdin.isTTY === true;

  const lines = createInterface({
    input: ctx.deps.stdin as NodeJS.ReadableStream,
    output: onTerminal ? (ctx.deps.stderr as NodeJS.WritableStream) : undefined,
    terminal: onTerminal,
  });
  let turn: AbortController | undefined;
  let interruptedAtPrompt = false;
  // On a terminal Ctrl-C reaches readline as a key: stop the reply, or leave at the prompt.
  lines.on('SIGINT', () => {
    if (turn) turn.abort();
    else {
      interruptedAtPrompt = true;
      lines.close();
    }
  });

  const announce = () => sessionId && ctx.logger.info(ctx.theme.muted(`session ${sessionId}`));
  if (onTerminal) ctx.logger.info(`Chatting with agent ${agentId}. /new starts a fresh session, /exit or Ctrl-D leaves.`);
  announce();
  const prompt = () => onTerminal && (lines.setPrompt(ctx.theme.accent('you› ')), lines.prompt());
  prompt();

  for await (const raw of lines) {
    const input = raw.trim();
    if (input === '/exit' || input === '/quit') break;
    if (input === '/new') {
      sessionId = randomUUID();
      announce();
    } else if (input) {
      if (sessionId) await ctx.stateStore().rememberAgent(agentId, { lastSession: sessionId });
      turn = linkedController(ctx.deps.signal);
      try {
        const body = { input: raw, enableStreaming: true, ...(sessionId && { sessionId }), ...(params && { llm_params: params }) };
        await printAnswer(ctx, invokeAgent(client, agentId, body, ctx.settings().timeoutSeconds, turn.signal), 'human', sessionId);
      } catch (error) {
        if (ctx.deps.signal?.aborted) throw new CliError('interrupted', 'interrupted');
        if (error instanceof CliError && error.kind === 'interrupted') ctx.logger.info(ctx.theme.muted('(reply stopped)'));
        else if (onTerminal) reportError(error, { stderr: ctx.deps.stderr, theme: ctx.theme, debug: ctx.globals.debug });
        else throw error; // a scripted conversation stops at the first failure
      } finally {
        turn = undefined;
      }
    }
    prompt();
  }
  lines.close();
  if (interruptedAtPrompt) throw new CliError('interrupted', 'interrupted');
  if (onTerminal) ctx.deps.stderr.write('\n');
}

function linkedController(parent: AbortSignal | undefined): AbortController {
  const controller = new AbortController();
  if (parent?.aborted) controller.abort();
  parent?.addEventListener('abort', () => controller.abort(), { once: true });
  return controller;
}
