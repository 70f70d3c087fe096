import { invokeAgent } from '../../api/invoke.js';
import { CHAT_HELP, readChatLine } from '../../chat/chat-line.js';
import { TerminalTurns } from '../../chat/terminal-turns.js';
import { CliError, interrupted } from '../../errors.js';
import { escapeControls } from '../../ui/safe-text.js';
import { printAnswer, toolCallJson } from '../../invoke/answer-printer.js';
import { monotonicMs } from '../../util/monotonic.js';
import { explainFailure } from '../../invoke/explain-failure.js';
import { chooseSession, llmParams } from '../../invoke/invoke-options.js';
import { agentNameFor, recordLabel } from '../resource/record-label.js';
import { readLines } from '../../io/read-input.js';
import { resolveAgentId } from '../../prompts/pick.js';
import { errorFields } from '../../errors.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';
import { randomUuid } from '../../util/random-uuid.js';

/** How long a failed scripted conversation waits for the rest of stdin to count what it did not send. */
const COUNT_WAIT_MS = 2000;
const COUNT_MAX_LINES = 100_000;

/** A second Ctrl-C at an empty prompt within this long leaves, as node's REPL does. */
const LEAVE_WINDOW_MS = 2000;

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const params = llmParams(options);
  const client = await ctx.client();
  const agentId = await resolveAgentId(ctx, options.agent, () => Promise.resolve(client));
  let sessionId = chooseSession(ctx, agentId, options);
  const onTerminal = ctx.io.stdinIsTerminal;
  const json = ctx.out.forProgram;
  const say = (text: string) => ctx.io.logger.info(text);

  // On a terminal, a prompt per turn and a keyboard held during answers (terminal-turns.ts); off
  // one, the lines of stdin, a scripted conversation.
  const turns = onTerminal
    ? new TerminalTurns(ctx.io.terminal.input, ctx.io.terminal.output, ctx.io.theme.accent('you› '))
    : undefined;
  // Each piped line held to the cap of every input: stdin that never ends a line cannot grow memory.
  const pipedLines = onTerminal ? undefined : readLines(ctx.io.stdin, 'a line of chat');
  let lastInterruptAt = -Infinity;
  /** The next line to act on, or undefined to leave (Ctrl-D, Ctrl-C twice at an empty prompt, end of input). */
  const nextLine = async (): Promise<string | undefined> => {
    if (!turns) {
      const next = await pipedLines!.next();
      return next.done ? undefined : next.value;
    }
    for (;;) {
      const result = await turns.read();
      if (result.kind === 'eof') return undefined;
      if (result.kind === 'line') {
        lastInterruptAt = -Infinity;
        return result.text;
      }
      const now = Date.now();
      if (now - lastInterruptAt < LEAVE_WINDOW_MS) return undefined;
      lastInterruptAt = now;
      say('\n' + ctx.io.theme.muted('(press Ctrl-C again or Ctrl-D to leave)'));
    }
  };

  const announce = () => sessionId && ctx.io.logger.info(ctx.io.theme.muted(`session ${sessionId}`));
  const log = await ctx.runLog();
  const knownName = agentNameFor(ctx, agentId, options.agent);
  const agentName = log && knownName;
  log?.warmUnlessAnswered(0); // opened while the first line is typed
  if (onTerminal)
    ctx.io.logger.info(
      `Chatting with agent ${escapeControls(recordLabel(knownName, agentId))}. /help lists the commands, /exit or Ctrl-D leaves.`,
    );
  announce();

  for (let raw = await nextLine(); raw !== undefined; raw = await nextLine()) {
    const line = readChatLine(raw);
    if (line.kind === 'command' && line.name === 'exit') break;
    if (line.kind === 'command' && line.name === 'help') say(ctx.io.theme.muted(CHAT_HELP));
    if (line.kind === 'command' && line.name === 'new') {
      sessionId = randomUuid();
      announce();
    }
    if (line.kind === 'unknown-command') {
      say(
        `${ctx.io.theme.warn('unknown command')} ${escapeControls(line.word)}: not sent. /help lists the commands; //text sends text that starts with /.`,
      );
    }
    if (line.kind === 'send') {
      const lastSession = sessionId;
      if (lastSession) await ctx.recordLocally((state) => state.rememberAgent(agentId, { lastSession }));
      const reply = new AbortController();
      // Ctrl-C during the answer stops the reply, not the chat.
      const release = turns?.duringAnswer(() => reply.abort());
      // AbortSignal.any, not a listener on the process-wide signal per turn: nothing piles up over a long chat.
      const signal = ctx.signal ? AbortSignal.any([ctx.signal, reply.signal]) : reply.signal;
      try {
        const body = {
          input: line.text,
          enableStreaming: true,
          ...(sessionId && { sessionId }),
          ...(params && { llm_params: params }),
        };
        const startedAt = monotonicMs();
        const answer = await printAnswer(
          ctx,
          invokeAgent(client, agentId, body, ctx.settings().timeout, signal, ctx.debugLog),
          json ? 'json' : 'human',
          sessionId,
          undefined,
          log !== undefined,
        );
        const endedAt = monotonicMs();
        // An agent deleted since the chat began is a bare 500 on the real service: asked as invoke asks.
        const failure = answer.failure && (await explainFailure(client, agentId, answer.failure, answer.output));
        if (log) {
          log.record({
            command: 'chat',
            agentId,
            agentName,
            sessionId,
            input: line.text,
            answer: answer.logText ?? '',
            answerChars: answer.logChars,
            toolCalls: answer.toolCalls.map(toolCallJson),
            error: failure && { kind: failure.kind, message: failure.message },
            exitCode: failure?.exitCode ?? 0,
            ttftMs: answer.firstAt === undefined ? null : Math.round(answer.firstAt - startedAt),
            totalMs: Math.round(endedAt - startedAt),
          });
        }
        // --json: one document per turn, its error inside when it failed, as invoke's.
        if (json)
          ctx.out.event({
            input: line.text,
            output: answer.output,
            sessionId: sessionId ?? null,
            toolCalls: answer.toolCalls.map(toolCallJson),
            ...(failure && { error: errorFields(failure) }),
          });
        if (failure) throw failure;
      } catch (error) {
        if (ctx.signal?.aborted) throw interrupted();
        if (error instanceof CliError && error.kind === 'interrupted')
          ctx.io.logger.info(ctx.io.theme.muted('(reply stopped)'));
        else if (onTerminal) ctx.reportFailure(error);
        else throw await withUnsentCount(error, pipedLines!); // a scripted conversation stops at the first failure
      } finally {
        release?.();
      }
    }
  }
  log?.close();
  if (onTerminal) say('');
};

/**
 * The failure that stopped a scripted conversation, saying how many of the lines after it were not
 * sent: stdin is read to its end to count them, but not for ever (a producer may wait or never end).
 */
async function withUnsentCount(error: unknown, lines: AsyncGenerator<string>): Promise<unknown> {
  if (!(error instanceof CliError)) return error;
  let unsent = 0;
  let whole = true;
  const deadline = Date.now() + COUNT_WAIT_MS;
  for (;;) {
    const wait = deadline - Date.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, wait))));
    const next = await Promise.race([lines.next(), late]).catch(() => 'late' as const);
    clearTimeout(timer);
    if (next === 'late' || unsent >= COUNT_MAX_LINES) {
      whole = false;
      break;
    }
    const line = next.done ? undefined : readChatLine(next.value);
    if (!line || (line.kind === 'command' && line.name === 'exit')) break;
    if (line.kind === 'send') unsent++;
  }
  if (unsent === 0 && whole) return error;
  if (unsent === 0) return error.withHint('The rest of stdin was not read.');
  const count = `${whole ? '' : 'at least '}${unsent} line${unsent === 1 ? '' : 's'}`;
  return error.withHint(`${count} after it ${unsent === 1 && whole ? 'was' : 'were'} not sent.`);
}
