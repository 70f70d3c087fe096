// One run of one case: its turns in order, in a fresh session, each answer read whole and judged.
// The agent failing to answer (an error event, a dropped stream, a 5xx) is part of the result, for
// `no-error` to judge; the service turning the CLI away (token, address, missing agent) stops the run.
import { KeptAnswer } from '../invoke/kept-answer.js';
import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../api/client.js';
import { invokeAgent, type InvokeBody } from '../api/invoke.js';
import { classifyNetworkError } from '../api/network-errors.js';
import { CliError, type ErrorKind, interrupted } from '../errors.js';
import type { ToolCall } from '../invoke/answer-printer.js';
import { explainFailure } from '../invoke/explain-failure.js';
import { startStopwatch, type Timing } from '../invoke/timing.js';
import { judge, judgePrompt, judgeVerdict, type Answer, type Verdict } from './checks.js';
import type { Check, EvalCase, Turn } from './file-schema.js';
import { monotonicMs } from '../util/monotonic.js';

interface TurnResult {
  input: string;
  answer: Answer;
  verdicts: Verdict[];
}

export interface RunResult {
  /** 1-based, of --repeat. */
  run: number;
  sessionId: string;
  passed: boolean;
  durationMs: number;
  turns: TurnResult[];
}

export interface RunSettings {
  client: ApiClient;
  agentId: string;
  /** The id of an agent a judge check names (resolved before the run). */
  judgeIdOf?: (reference: string) => string;
  timeoutSeconds: number;
  signal?: AbortSignal;
  debug?: (line: string) => void;
  /** Called as each turn's answer ends, for --events. */
  onTiming?: (turn: number, timing: Timing) => void;
}

/**
 * Failures that would fail every case the same way: the run stops with their exit code. A timeout
 * is one of them: a silent service costs one timeout, not one per case in series.
 */
const STOPS_THE_RUN = new Set<ErrorKind>([
  'usage',
  'config',
  'busy',
  'auth',
  'not-found',
  'unreachable',
  'timeout',
  'interrupted',
]);

export async function runCase(evalCase: EvalCase, run: number, settings: RunSettings): Promise<RunResult> {
  const sessionId = randomUUID();
  const started = monotonicMs();
  const turns: TurnResult[] = [];
  for (const [index, turn] of evalCase.turns.entries()) {
    const answer = await answerTurn(evalCase, turn, sessionId, settings);
    settings.onTiming?.(index + 1, answer.timing);
    const verdicts = await Promise.all(turn.checks.map((check) => verdictOf(check, turn.input, answer, settings)));
    turns.push({ input: turn.input, answer, verdicts });
  }
  const passed = turns.every((turn) => turn.verdicts.every((verdict) => verdict.passed));
  return { run, sessionId, passed, durationMs: Math.round(monotonicMs() - started), turns };
}

/** A check's verdict; a judge check asks its agent, in a fresh session, with the case's timeouts. */
async function verdictOf(check: Check, input: string, answer: Answer, settings: RunSettings): Promise<Verdict> {
  if (check.kind !== 'judge') return judge(check, answer);
  const judgeId = settings.judgeIdOf?.(check.value.agent);
  if (!judgeId) throw new Error(`the judge ${check.value.agent} was not resolved before the run`);
  const body: InvokeBody = {
    input: judgePrompt(check.value.rubric, input, answer),
    enableStreaming: true,
    sessionId: randomUUID(),
  };
  return judgeVerdict(check, await answerBody(body, { ...settings, agentId: judgeId }));
}

async function answerTurn(evalCase: EvalCase, turn: Turn, sessionId: string, settings: RunSettings): Promise<Answer> {
  const body: InvokeBody = {
    input: turn.input,
    enableStreaming: true,
    sessionId,
    ...(evalCase.outputSchema !== undefined && { outputSchema: evalCase.outputSchema }),
    ...(evalCase.llmParams && { llm_params: evalCase.llmParams }),
  };
  return answerBody(body, settings);
}

/** One streamed answer read whole: its text or value, tool calls, timing, and why it stopped early. */
async function answerBody(body: InvokeBody, settings: RunSettings): Promise<Answer> {
  const stopwatch = startStopwatch();
  const kept = new KeptAnswer<ToolCall>();
  let value: unknown;
  let error: CliError | undefined;
  try {
    const batches = invokeAgent(
      settings.client,
      settings.agentId,
      body,
      settings.timeoutSeconds,
      settings.signal,
      settings.debug,
    );
    read: for await (const batch of stopwatch.watch(batches)) {
      for (const event of batch) {
        if (event.type === 'token') kept.addText(event.text);
        else if (event.type === 'value') value = event.value;
        else if (event.type === 'tool_call')
          kept.addToolCall({ name: event.name, args: event.args, response: event.response, raw: event.raw });
        else {
          error = new CliError('stream', event.message.split('\n')[0]!);
          break read;
        }
      }
    }
  } catch (thrown) {
    error = await asCaseError(thrown, settings, kept.text);
  }
  const text = value !== undefined ? (JSON.stringify(value) ?? '') : kept.text;
  return {
    text,
    ...(value !== undefined && { value }),
    toolCalls: kept.toolCalls,
    ...(error && { error: { kind: error.kind, message: error.message } }),
    timing: stopwatch.read(),
  };
}

async function asCaseError(thrown: unknown, settings: RunSettings, output: string): Promise<CliError> {
  if (!(thrown instanceof CliError)) {
    if (classifyNetworkError(thrown) === 'aborted') throw interrupted();
    throw thrown;
  }
  const error = await explainFailure(settings.client, settings.agentId, thrown, output);
  if (STOPS_THE_RUN.has(error.kind)) throw error;
  return error;
}
