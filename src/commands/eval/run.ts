import { CliError, ExitCode, ExitWithCode } from '../../errors.js';
import { loadEvalFile } from '../../eval/load.js';
import { startProgressLine, type ProgressLine } from '../../eval/progress.js';
import { baselineLines } from '../../eval/baseline.js';
import { judgeAgainstBaseline, readBaseline } from '../../eval/baseline-file.js';
import type { ApiClient } from '../../api/client.js';
import { evalEvents, evalReport, reportExitCode, type EvalReport, type EvalSettings } from '../../eval/report.js';
import { writeOutputFile, writeReport } from '../../eval/report-file.js';
import { inShard, parseShard } from '../../eval/shard.js';
import { caseLine, failureDetails, summaryTable, totalsLine } from '../../eval/report-text.js';
import { notRunLines } from '../../eval/report-lines.js';
import { runCase, type RunResult } from '../../eval/run-case.js';
import { EvalRunLog } from '../../eval/log-runs.js';
import { runCases, type EvalListener, type EvalOutcome } from '../../eval/runner.js';
import type { EvalCase } from '../../eval/file-schema.js';
import { junitXml } from '../../eval/junit.js';
import { annotateCases } from '../../eval/annotate.js';
import { evalSummary } from '../../eval/summary.js';
import { appendSummary } from '../summary-flag.js';
import { writeHtmlReport } from '../../eval/html-file.js';
import { escapeControls } from '../../ui/safe-text.js';
import type { RunOf } from '../command.js';
import { suffixedName } from '../../provision/suffix.js';
import type { spec } from './definition.js';

/** What this run receives (its spec's `uses`), as its helpers take it. */
type RunCtx = Parameters<RunOf<typeof spec>>[1];

export const run: RunOf<typeof spec> = async (options, ctx) => {
  // Everything that can be wrong locally is found before the first request (output paths: options.ts).
  if (options.events && ctx.out.forProgram) throw new CliError('usage', '--events and --json cannot be used together');
  if (options.file === undefined) throw new CliError('usage', 'missing --file (-f): the eval file to run');
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  const baseline = await readBaseline(options, ctx.io.stdin);
  const file = await loadEvalFile(options.file, ctx.io.stdin, options.agent);
  const cases = inShard(selected(file.cases, options.filter), shard).map((evalCase) =>
    inCopy(evalCase, options.suffix),
  );

  const settings: EvalSettings = {
    file: file.source,
    repeat: options.repeat,
    threshold: options.threshold,
    concurrency: options.concurrency,
  };
  const mode: Mode = options.events ? 'events' : ctx.out.forProgram ? 'json' : 'human';
  const emit = (event: object) => ctx.out.event(event);
  const startedAt = new Date();
  const agentIds = new Map<string, string>();
  // A run that stops before its first case (the service unreachable, an agent missing) still
  // writes its report and JUnit, every case not run with why: a CI job's test-report step reads them.
  const prepared = await prepare(ctx, cases, agentIds, options.suffix).then(
    (client) => ({ client }),
    (error: unknown) => {
      if (error instanceof CliError) return { stopped: error };
      throw error;
    },
  );
  // --debug writes lines to stderr as requests go: they would tear a line that redraws in place.
  // Started after the names are looked up, which has a spinner of its own.
  const animate = ctx.io.canAnimate && !ctx.globals.debug && 'client' in prepared;
  const runLog = await ctx.runLog();
  const logged = runLog && new EvalRunLog(runLog);
  const progress = animate ? startProgressLine(ctx.io.stderr, ctx.io.theme) : undefined;
  let outcome: EvalOutcome;
  try {
    outcome =
      'stopped' in prepared
        ? { finished: [], stopped: prepared.stopped, durationMs: 0 }
        : await runCases(cases, {
            concurrency: options.concurrency,
            repeat: options.repeat,
            threshold: options.threshold,
            signal: ctx.signal,
            listener: listener(ctx, mode, emit, settings, cases.length, progress, (evalCase, run) =>
              logged?.record(evalCase, agentIds.get(evalCase.agent)!, run),
            ),
            agentIdOf: (evalCase) => agentIds.get(evalCase.agent)!,
            runOne: (evalCase, run) =>
              runCase(evalCase, run, {
                client: prepared.client,
                agentId: agentIds.get(evalCase.agent)!,
                judgeIdOf: (reference) => agentIds.get(reference)!,
                timeoutSeconds: ctx.settings().timeout,
                signal: ctx.signal,
                debug: ctx.debugLog,
                onTiming:
                  mode === 'events'
                    ? (turn, timing) => emit(evalEvents.timing(evalCase.name, run, turn, timing))
                    : undefined,
              }),
          });
  } finally {
    progress?.stop();
    logged?.close();
  }

  // What finished is reported even when the run stopped early (Ctrl-C, a refused token).
  const report: EvalReport = evalReport(
    settings,
    { fileHash: file.hash, startedAt, filter: options.filter, shard, agents: agentIds },
    outcome,
    cases,
  );
  if (baseline) judgeAgainstBaseline(report, baseline, options.tolerance, (message) => ctx.io.logger.warn(message));
  writeReportFiles(report, options, ctx.env);
  annotateCases(ctx.annotations, report);
  if (mode === 'json') ctx.out.document(report);
  else if (mode === 'events') emit(evalEvents.summary(outcome, cases.length));
  else await printHumanReport(ctx, settings, outcome, cases, progress !== undefined, report);
  if (outcome.stopped) throw outcome.stopped;
  const code = reportExitCode(report);
  if (code !== ExitCode.ok) throw new ExitWithCode(code);
};

/** --report, --junit, --html and --summary, from the one report: what merge writes from shards is the same. */
export function writeReportFiles(
  report: EvalReport,
  options: { report?: string; junit?: string; html?: string; summary?: string },
  env: Readonly<Record<string, string | undefined>>,
  command = 'agents eval',
): void {
  if (options.report !== undefined) writeReport(options.report, report);
  if (options.junit !== undefined) writeOutputFile(options.junit, junitXml(report), '--junit');
  if (options.html !== undefined) writeHtmlReport(options.html, report);
  appendSummary(options.summary, () => evalSummary(report, command), env);
}

type Mode = 'events' | 'json' | 'human';

function listener(
  ctx: RunCtx,
  mode: Mode,
  emit: (event: object) => void,
  settings: EvalSettings,
  total: number,
  progress: ProgressLine | undefined,
  record: (evalCase: EvalCase, run: RunResult) => void,
): EvalListener {
  const counts = { passed: 0, failed: 0, running: 0, total };
  return {
    runStarted(evalCase, run) {
      if (run === 1) counts.running++;
      progress?.update({ ...counts });
      if (mode === 'events') emit(evalEvents.start(evalCase.name, run));
    },
    runFinished(evalCase, result) {
      record(evalCase, result);
      if (mode === 'events') emit(evalEvents.end(evalCase.name, result));
    },
    caseFinished(result) {
      counts.running--;
      counts[result.passed ? 'passed' : 'failed']++;
      progress?.update({ ...counts });
      // Off a terminal (CI logs), a line per finished case stands in for the progress line.
      if (mode === 'human' && !progress && ctx.out.forPerson)
        ctx.out.text(caseLine(result, settings.repeat, ctx.out.theme));
    },
  };
}

async function printHumanReport(
  ctx: RunCtx,
  settings: EvalSettings,
  outcome: EvalOutcome,
  cases: readonly EvalCase[],
  onTerminal: boolean,
  report: EvalReport,
): Promise<void> {
  const total = cases.length;
  const theme = ctx.out.theme;
  const failed = outcome.finished.filter((result) => !result.passed);
  const lines: string[] = [];
  for (const result of failed) lines.push('', ...failureDetails(result, settings.repeat, settings.threshold, theme));
  if (onTerminal && outcome.finished.length > 0) {
    const width = ctx.out.columns;
    lines.push('', await summaryTable(outcome.finished, settings.repeat, theme, width || undefined));
  }
  const notRun = notRunLines(report.notRun, theme);
  if (notRun.length > 0) lines.push('', ...notRun);
  lines.push('', totalsLine(outcome, total));
  if (report.baseline) lines.push(...baselineLines(report.baseline).map(escapeControls));
  await ctx.out.result(report, { human: () => lines.join('\n') });
}

function selected(cases: EvalCase[], filter: string | undefined): EvalCase[] {
  if (filter === undefined) return cases;
  const wanted = filter.toLowerCase();
  const chosen = cases.filter((evalCase) => evalCase.name.toLowerCase().includes(wanted));
  if (chosen.length === 0) {
    throw new CliError('usage', `no case name contains "${filter}"`, {
      details: cases.map((evalCase) => evalCase.name),
      hint: 'The cases are listed above.',
    });
  }
  return chosen;
}

/**
 * A case as it runs against a copy (--suffix): a `tool-called` check also takes the copy's name of
 * the tool (`forecast-pr-12`, when the stack declares `forecast`), as the eval cannot tell a tool
 * the stack declares from one it does not.
 */
function inCopy(evalCase: EvalCase, suffix: string | undefined): EvalCase {
  if (!suffix) return evalCase;
  const turns = evalCase.turns.map((turn) => ({
    ...turn,
    checks: turn.checks.map((check) =>
      check.kind === 'tool-called' ? { ...check, copyName: `${check.value.name}${suffix}` } : check,
    ),
  }));
  return { ...evalCase, turns };
}

/**
 * The client, once each agent reference (of a case or of a judge) is resolved: a missing agent
 * costs no invoke. With --suffix, a name is the isolated copy's (`Support bot` is `Support bot-pr-7`).
 */
async function prepare(
  ctx: RunCtx,
  cases: EvalCase[],
  ids: Map<string, string>,
  suffix: string | undefined,
): Promise<ApiClient> {
  for (const evalCase of cases) {
    const judges = evalCase.turns.flatMap((turn) =>
      turn.checks.flatMap((check) => (check.kind === 'judge' ? [check.value.agent] : [])),
    );
    for (const reference of [evalCase.agent, ...judges]) {
      if (ids.has(reference)) continue;
      try {
        ids.set(reference, await ctx.resolve('agent', suffixedName(reference, suffix)));
      } catch (error) {
        if (!(error instanceof CliError)) throw error;
        const details = [...error.details, `named by case "${evalCase.name}" (${evalCase.where})`];
        throw error.with({ details });
      }
    }
  }
  return ctx.client();
}
