// Each turn of each eval case, as a run of the run log: its eval run and case name with it, so
// `agents logs --failed` finds the failing cases and `logs to-eval` can make cases of them again.
import { toolCallJson } from '../invoke/answer-printer.js';
import { newRunId, type RunLog } from '../logs/record.js';
import type { RunResult } from './run-case.js';
import type { EvalCase } from './file-schema.js';

export class EvalRunLog {
  /** This eval command's id: the runs of one `agents eval` share it. */
  readonly evalRun = newRunId();

  constructor(private readonly log: RunLog) {}

  record(evalCase: EvalCase, agentId: string, run: RunResult): void {
    for (const turn of run.turns) {
      const failed = turn.verdicts.find((verdict) => !verdict.passed);
      const error =
        turn.answer.error ?? (failed && { kind: 'failure', message: `${failed.kind}: ${failed.message ?? 'failed'}` });
      this.log.recordSoon({
        command: 'eval',
        agentId,
        agentName: evalCase.agent,
        sessionId: run.sessionId,
        input: turn.input,
        answer: turn.answer.text,
        toolCalls: turn.answer.toolCalls.map(toolCallJson),
        outputSchema: evalCase.outputSchema,
        value: turn.answer.value,
        error,
        exitCode: error ? 1 : 0,
        ttftMs: turn.answer.timing.ttftMs,
        totalMs: turn.answer.timing.totalMs,
        evalRun: this.evalRun,
        evalCase: evalCase.name,
      });
    }
  }

  close(): void {
    this.log.close();
  }
}
