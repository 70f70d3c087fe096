import { invokeAgent, type InvokeBody } from '../../api/invoke.js';
import { ApiError, CliError, errorFields } from '../../errors.js';
import { decodeInput, pipedStdin, readInputFile } from '../../io/read-input.js';
import { printAnswer, toolCallJson, type AnswerMode } from '../../invoke/answer-printer.js';
import { chooseSession, llmParams } from '../../invoke/invoke-options.js';
import { agentNameFor } from '../resource/record-label.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

/** What this run receives (its spec's `uses`), as its helpers take it. */
type RunCtx = Parameters<RunOf<typeof spec>>[1];
import { resolveAgentId } from '../../prompts/pick.js';
import { explainFailure } from '../../invoke/explain-failure.js';
import { describeTiming, startStopwatch } from '../../invoke/timing.js';
import { monotonicMs } from '../../util/monotonic.js';
import { loadOutputSchema, schemaMismatch, type OutputSchema } from '../../invoke/output-schema.js';

type InvokeOptions = Parameters<RunOf<typeof spec>>[0];

export const run: RunOf<typeof spec> = async (options, ctx) => {
  // The flags are checked first: a bad one costs no request, not even the agent's lookup.
  const json = ctx.out.forProgram;
  if (options.events && json) throw new CliError('usage', '--events and --json cannot be used together');
  const schema = options.outputSchema !== undefined ? await loadOutputSchema(ctx.io, options.outputSchema) : undefined;
  const params = llmParams(options);
  const agentId = await resolveAgentId(ctx, options.agent, () => ctx.client());
  const input = await readInvokeInput(ctx, options.input, options);
  const sessionId = chooseSession(ctx, agentId, options);

  const body: InvokeBody = {
    input,
    enableStreaming: options.stream,
    ...(sessionId !== undefined && { sessionId }),
    ...(schema && { outputSchema: schema.text }),
    ...(params && { llm_params: params }),
  };
  const client = await ctx.client();
  if (sessionId && !json && !options.events) ctx.io.logger.info(ctx.io.theme.muted(`session ${sessionId}`));

  const mode: AnswerMode = options.events ? 'events' : json ? 'json' : schema ? 'structured' : 'human';
  const events = invokeAgent(client, agentId, body, ctx.settings().timeout, ctx.signal, ctx.debugLog);
  const log = await ctx.runLog();
  // Timed only when the timing is shown: the stopwatch is one more step for every batch of a stream.
  // The log reads its two times in the loop that prints the answer instead.
  const stopwatch = options.stats || mode === 'events' ? startStopwatch() : undefined;
  const startedAt = monotonicMs();
  const answered = log?.warmUnlessAnswered();
  const answer = await printAnswer(
    ctx,
    stopwatch?.watch(events) ?? events,
    mode,
    sessionId,
    stopwatch && (() => stopwatch.read()),
    log !== undefined,
    answered,
  );
  const endedAt = monotonicMs();
  // After the answer's last line (and any tool call lines), so it never lands inside the answer.
  if (stopwatch && options.stats) ctx.io.logger.info(ctx.io.theme.muted(describeTiming(stopwatch.read())));
  const failure = answer.failure && (await explainFailure(client, agentId, answer.failure, answer.output));
  // After the answer, so bookkeeping never delays it; also after a failed or stopped one, so -c continues it.
  // Not when the service turned the invoke away: completion offers what state.json knows.
  if (sessionId && !refused(failure))
    await ctx.recordLocally((state) => state.rememberAgent(agentId, { lastSession: sessionId }));

  const structured = schema && !failure ? readStructured(ctx, answer.output, schema) : undefined;
  const problem = failure ?? structured?.problem;
  const output = structured && 'value' in structured ? structured.value : answer.output;
  if (mode === 'json') {
    ctx.out.document({
      output,
      sessionId: sessionId ?? null,
      toolCalls: answer.toolCalls.map(toolCallJson),
      ...(problem && { error: errorFields(problem) }),
    });
  } else if (mode === 'events' && failure) {
    ctx.out.event({ type: 'error', ...errorFields(failure) }); // the last line, as done would be
  } else if (mode === 'structured') {
    // A result that does not match is still the result: printed as it came, the mismatch on stderr.
    if (structured && 'value' in structured) ctx.out.document(structured.value);
    else if (typeof output === 'string' && output !== '') ctx.out.text(output);
  }
  // Last, after everything is printed: the log never holds back what the user waits for.
  if (log) {
    log.record({
      command: 'invoke',
      agentId,
      agentName: agentNameFor(ctx, agentId, options.agent),
      sessionId,
      input,
      answer: answer.logText ?? '',
      answerChars: answer.logChars,
      toolCalls: answer.toolCalls.map(toolCallJson),
      outputSchema: schema?.text,
      value: structured && 'value' in structured ? structured.value : undefined,
      error: problem && { kind: problem.kind, message: problem.message },
      exitCode: problem?.exitCode ?? 0,
      ttftMs: answer.firstAt === undefined ? null : Math.round(answer.firstAt - startedAt),
      totalMs: Math.round(endedAt - startedAt),
    });
    log.close();
  }
  if (problem) throw problem;
};

/** Failures where the service never ran the agent. */
function refused(failure: CliError | undefined): boolean {
  return failure instanceof ApiError || failure?.kind === 'unreachable' || failure?.kind === 'not-found';
}

type Structured = { value: unknown; problem?: CliError } | { problem: CliError };

/** The structured answer as a value, parsed when it came as text, with what is wrong with it. */
function readStructured(ctx: RunCtx, output: unknown, schema: OutputSchema): Structured {
  let value = output;
  if (typeof output === 'string') {
    try {
      value = JSON.parse(output);
    } catch {
      return {
        problem: new CliError('bad-response', 'the answer to --output-schema is not JSON', {
          hint: 'The answer is printed on stdout as it came.',
        }),
      };
    }
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) {
    // The real service answers {} when it could not parse the model's answer.
    ctx.io.logger.warn('the structured answer is empty ({}): the service may have failed to parse the model output');
  }
  const problem = schema.check && schemaMismatch(value, schema.check);
  return problem ? { value, problem } : { value };
}

/**
 * The argument, --input-file, piped stdin, or a prompt. Piped text and an argument together make
 * one input, as llm does: the piped text, a blank line, then the argument (`git diff | agents invoke ID "review this"`).
 */
async function readInvokeInput(ctx: RunCtx, positional: string | undefined, options: InvokeOptions): Promise<string> {
  const file = options.inputFile;
  if (positional !== undefined && file !== undefined)
    throw new CliError('usage', 'give the input as an argument or with --input-file, not both');
  const warn = (message: string) => ctx.io.logger.warn(message);
  let input: string | undefined = positional;
  if (file === '-' && ctx.io.stdinIsTerminal) {
    // Nothing on a terminal says it is waiting: say what ends the input.
    ctx.io.logger.info(ctx.io.theme.muted('Reading the input from the terminal until Ctrl-D (on a line of its own)…'));
  }
  if (file !== undefined) input = await readInputFile(file, ctx.io.stdin, '--input-file', warn);
  else if (!ctx.io.stdinIsTerminal) {
    const piped = await pipedStdin(ctx.io, positional !== undefined);
    const text = piped && decodeInput(piped, 'the input on stdin', warn);
    if (text?.trim()) input = positional === undefined ? text : `${text.replace(/\n+$/, '')}\n\n${positional}`;
  } else if (input === undefined && ctx.io.interactive)
    input = await ctx.prompter.multiline('Input', { validate: (v) => (v.trim() ? true : 'must not be empty') });
  if (input === undefined || !input.trim()) {
    throw new CliError('usage', 'missing input', {
      hint: 'Pass it as an argument, with --input-file FILE, or on stdin.',
    });
  }
  return input;
}
