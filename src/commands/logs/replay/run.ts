import { invokeAgent } from '../../../api/invoke.js';
import { CliError } from '../../../errors.js';
import { printAnswer, toolCallJson } from '../../../invoke/answer-printer.js';
import { explainFailure } from '../../../invoke/explain-failure.js';
import { startStopwatch } from '../../../invoke/timing.js';
import { runByPrefix } from '../../../logs/runs.js';
import { wordDiff } from '../../../logs/word-diff.js';
import type { RunOf } from '../../command.js';
import { openRunLog } from '../open.js';
import type { spec } from './definition.js';
import { randomUuid } from '../../../util/random-uuid.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const db = openRunLog(ctx);
  let logged;
  try {
    logged = runByPrefix(db, options.id);
  } finally {
    db.close();
  }
  const agentId = options.agent !== undefined ? await ctx.resolve('agent', options.agent) : logged.agentId;
  if (!agentId) throw new CliError('usage', `run ${logged.id} names no agent: give one with --agent`);
  const client = await ctx.client();
  const json = ctx.out.forProgram;
  if (!json) ctx.io.logger.info(ctx.io.theme.muted(`Replaying run ${logged.id} (a fresh session)…`));
  const stopwatch = startStopwatch();
  // A session of its own: a service may carry on a default one when none is named.
  const sessionId = randomUuid();
  const events = invokeAgent(
    client,
    agentId,
    {
      input: logged.input,
      enableStreaming: true,
      sessionId,
      ...(logged.outputSchema ? { outputSchema: logged.outputSchema } : {}),
    },
    ctx.settings().timeout,
    ctx.signal,
    ctx.debugLog,
  );
  const answer = await printAnswer(ctx, stopwatch.watch(events), json ? 'json' : 'human', sessionId, undefined, true);
  const timing = stopwatch.read();
  const text = answer.logText ?? '';
  // A bare 500 of the real service for an agent gone since the run: told apart, as invoke does.
  const failure = answer.failure && (await explainFailure(client, agentId, answer.failure, text));
  const log = await ctx.runLog();
  const id = log?.record({
    command: 'replay',
    agentId,
    agentName: options.agent ?? logged.agentName ?? undefined,
    sessionId,
    input: logged.input,
    answer: text,
    answerChars: answer.logChars,
    toolCalls: answer.toolCalls.map(toolCallJson),
    outputSchema: logged.outputSchema ?? undefined,
    error: failure && { kind: failure.kind, message: failure.message },
    exitCode: failure?.exitCode ?? 0,
    ttftMs: timing.ttftMs,
    totalMs: timing.totalMs,
  });
  log?.close();
  const document = {
    run: logged.id,
    agentId,
    id: id ?? null,
    logged: { answer: logged.answer, ttftMs: logged.ttftMs, totalMs: logged.totalMs, error: logged.error },
    now: {
      answer: text,
      ttftMs: timing.ttftMs,
      totalMs: timing.totalMs,
      error: failure ? { kind: failure.kind, message: failure.message } : null,
    },
  };
  if (json) ctx.out.document(document);
  else if (ctx.out.forPerson) {
    const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value)} ms`);
    ctx.io.logger.info(
      ctx.io.theme.muted(
        `first token ${ms(logged.ttftMs)} → ${ms(timing.ttftMs)} · total ${ms(logged.totalMs)} → ${ms(timing.totalMs)}`,
      ),
    );
    if (ctx.out.isTerminal) {
      const same = logged.answer === text;
      ctx.out.text(
        same
          ? ctx.out.theme.muted('(the same answer, word for word)')
          : `${ctx.out.theme.muted('what changed, word by word:')}\n${await wordDiff(logged.answer, text, ctx.out.theme, true)}`,
      );
    }
  }
  if (failure) throw failure;
};
