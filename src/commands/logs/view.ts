// How logged runs read for people: a table of runs, one run whole, search matches highlighted.
import { duration } from '../../invoke/timing.js';
import type { LoggedRun } from '../../logs/runs.js';
import type { Theme } from '../../ui/theme.js';
import { escapeControls, escapeControlsKeepLines } from '../../ui/safe-text.js';
import { renderTable } from '../../ui/table.js';

/** Local date and time to the second: "2026-11-27 03:12:05". */
function localTime(iso: string): string {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

const agentOf = (run: LoggedRun) => run.agentName ?? run.agentId ?? '-';
const outcomeOf = (run: LoggedRun) => (run.exitCode === 0 ? 'ok' : `${run.error?.kind ?? 'failed'} (${run.exitCode})`);
const ms = (value: number | null) => (value === null ? '-' : duration(value));

/** The first words of a text, on one line. */
const firstWords = (text: string, max = 60) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

export function runsTable(
  runs: LoggedRun[],
  theme: Theme,
  width?: number,
  extra?: (run: LoggedRun) => string,
): Promise<string> {
  return renderTable(
    ['ID', 'WHEN', 'COMMAND', 'AGENT', 'RESULT', 'FIRST TOKEN', 'TOTAL', extra ? 'MATCH' : 'INPUT'],
    runs.map((run) => [
      run.id,
      localTime(run.startedAt),
      run.evalCase ? `eval: ${run.evalCase}` : run.command,
      agentOf(run),
      outcomeOf(run),
      ms(run.ttftMs),
      ms(run.totalMs),
      extra ? extra(run) : firstWords(run.input),
    ]),
    { theme, width },
  );
}

/** One run whole: what was asked, the answer as it came, its tool calls and timings. */
export function runText(run: LoggedRun, theme: Theme): string {
  const line = (label: string, value: string) => `${theme.muted(label.padEnd(12))}${escapeControls(value)}`;
  const lines = [
    `${theme.heading(`run ${run.id}`)}  ${localTime(run.startedAt)}  ${run.command}  ${run.exitCode === 0 ? theme.success('ok') : theme.error(outcomeOf(run))}`,
    line('agent', run.agentName && run.agentId ? `${run.agentName} (${run.agentId})` : agentOf(run)),
  ];
  if (run.sessionId) lines.push(line('session', run.sessionId));
  if (run.evalCase) lines.push(line('eval case', `${run.evalCase} (eval run ${run.evalRun ?? '-'})`));
  lines.push(line('service', `${run.baseUrl ?? '-'} (profile ${run.profile ?? '-'})`));
  lines.push(line('timing', `first token ${ms(run.ttftMs)} · total ${ms(run.totalMs)} · ${run.chars ?? 0} characters`));
  if (run.error) lines.push(line('error', `${run.error.kind}: ${run.error.message}`));
  if (run.outputSchema) lines.push(line('schema', firstWords(run.outputSchema, 200)));
  lines.push('', theme.muted('input:'), escapeControlsKeepLines(run.input), '', theme.muted('answer:'));
  lines.push(run.answer === '' ? theme.muted('(empty)') : escapeControlsKeepLines(run.answer));
  if (run.answerCut)
    lines.push(theme.muted(`(cut: the log keeps the first ${run.answer.length} of ${run.chars} characters)`));
  for (const call of run.toolCalls ?? []) lines.push(`${theme.accent('⚙ ')}${escapeControls(JSON.stringify(call))}`);
  return lines.join('\n');
}

/** A snippet with its matches marked (\ue000…\ue001): bold on a terminal, [like this] elsewhere. */
export function highlighted(snippet: string, theme: Theme, onTerminal: boolean): string {
  const safe = escapeControls(snippet.replace(/\s+/g, ' '));
  return safe.replace(/\ue000([^\ue001]*)\ue001/g, (_all, match: string) =>
    onTerminal ? theme.heading(match) : `[${match}]`,
  );
}
