import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { invokeAgent } from '../api/invoke.js';
import { CHAT_HELP, readChatLine } from '../chat/chat-line.js';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { reportError } from '../report.js';
import { escapeControls } from '../ui/safe-text.js';
import { printAnswer } from '../invoke/answer-printer.js';
import type * as z from 'zod/mini';
import { chooseSession, llmParams, sharedInvokeSchema } from '../invoke/invoke-options.js';
import { resolveAgentId } from '../prompts/pick.js';

/** A second Ctrl-C at an empty prompt within this long leaves, as node's REPL does. */
const LEAVE_WINDOW_MS = 2000;

export const optionsSchema = sharedInvokeSchema;

export async function run(ctx: Context, args: unknown[], options: z.infer<typeof optionsSchema>): Promise<void> {
  const params = llmParams(options);
  const client = await ctx.client();
  const agentId = await resolveAgentId(ctx, args[0], async () => client);
  let sessionId = chooseSession(ctx, agentId, options);
  const onTerminal = ctx.deps.stdin.isTTY === true;
  const say = (text: string) => void ctx.deps.stderr.write(text + '\n');

  const lines = createInterface({
    input: ctx.deps.stdin as NodeJS.ReadableStream,
    output: onTerminal ? (ctx.deps.stderr as NodeJS.WritableStream) : undefined,
    terminal: onTerminal,
  });
  const prompt = () => {
    if (!onTerminal) return;
    lines.setPrompt(ctx.theme.accent('you› '));
    lines.prompt();
  };
  let stopReply: (() => void) | undefined;
  let lastInterruptAt = -Infinity;
  // On a terminal Ctrl-C reaches readline as a key: it stops the reply, clears a typed line,
  // or, pressed twice at an empty prompt, leaves.
  lines.on('SIGINT', () => {
    if (stopReply) return stopReply();
    if (lines.line !== '') {
      lines.write(null, { ctrl: true, name: 'e' });
      lines.write(null, { ctrl: true, name: 'u' });
      lastInterruptAt = -Infinity;
      return;
    }
    const now = Date.now();
    if (now - lastInterruptAt < LEAVE_WINDOW_MS) return void lines.close();
    lastInterruptAt = now;
    say('\n' + ctx.theme.muted('(press Ctrl-C again or Ctrl-D to leave)'));
    prompt();
  });

  const announce = () => sessionId && ctx.logger.info(ctx.theme.muted(`session ${sessionId}`));
  if (onTerminal) ctx.logger.info(`Chatting with agent ${escapeControls(agentId)}. /help lists the commands, /exit or Ctrl-D leaves.`);
  announce();
  prompt();

  for await (const raw of lines) {
    const line = readChatLine(raw);
    if (line.kind === 'command' && line.name === 'exit') break;
    if (line.kind === 'command' && line.name === 'help') say(ctx.theme.muted(CHAT_HELP));
    if (line.kind === 'command' && line.name === 'new') {
      sessionId = randomUUID();
      announce();
    }
    if (line.kind === 'unknown-command') {
      say(`${ctx.theme.warn('unknown command')} ${escapeControls(line.word)}: not sent. /help lists the commands; //text sends text that starts with /.`);
    }
    if (line.kind === 'send') {
      const lastSession = sessionId;
      if (lastSession) await ctx.recordLocally((state) => state.rememberAgent(agentId, { lastSession }));
      const reply = new AbortController();
      stopReply = () => reply.abort();
      // AbortSignal.any, not a listener on the process-wide signal per turn: nothing piles up over a long chat.
      const signal = ctx.deps.signal ? AbortSignal.any([ctx.deps.signal, reply.signal]) : reply.signal;
      try {
        const body = { input: line.text, enableStreaming: true, ...(sessionId && { sessionId }), ...(params && { llm_params: params }) };
        const { failure } = await printAnswer(ctx, invokeAgent(client, agentId, body, ctx.settings().timeoutSeconds, signal, ctx.debugLog), 'human', sessionId);
        if (failure) throw failure;
      } catch (error) {
        if (ctx.deps.signal?.aborted) throw new CliError('interrupted', 'interrupted');
        if (error instanceof CliError && error.kind === 'interrupted') ctx.logger.info(ctx.theme.muted('(reply stopped)'));
        else if (onTerminal) reportError(error, { stderr: ctx.deps.stderr, theme: ctx.theme, debug: ctx.globals.debug });
        else throw error; // a scripted conversation stops at the first failure
      } finally {
        stopReply = undefined;
      }
    }
    prompt();
  }
  lines.close();
  if (onTerminal) ctx.deps.stderr.write('\n');
}
