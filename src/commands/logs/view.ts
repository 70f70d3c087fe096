// How logged runs read for people: a table of runs, one run whole, search matches highlighted.
import { oneLine } from '../../api/response-errors.js';
import { duration } from '../../invoke/timing.js';
import type { LoggedRun } from '../../logs/runs.js';
import type { Theme } from '../../ui/theme.js';
import { escapeControls, escapeControlsKeepLines } from '../../ui/safe-text.js';
import { renderTable } from '../../ui/table.js';

const two = (n: number) => String(n).padStart(2, '0');

/** Local date and time to the second: "2026-11-27 03:12:05". */
function localTime(iso: string): string {
  const at = new Date(iso);
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/** Local time to the minute for a table, with the day unless it is today, as ls does: "03:12", "11-26 03:12". */
function shortTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = `${two(at.getHours())}:${two(at.getMinutes())}`;
  return at.toDateString() === now.toDateString() ? time : `${two(at.getMonth() + 1)}-${two(at.getDate())} ${time}`;
}

const agentOf = (run: LoggedRun) => run.agentName ?? run.agentId ?? '-';
const outcomeOf = (run: LoggedRun) => (run.exitCode === 0 ? 'ok' : `${run.error?.kind ?? 'failed'} (${run.exitCode})`);
const ms = (value: number | null) => (value === null ? '-' : duration(value));

/**
 * Seven columns, so the text column keeps some room on 80 columns (the table gives each column at
 * least 8): the time to first token is in `logs show`, `logs stats` and --json.
 */
export function runsTable(
  runs: LoggedRun[],
  theme: Theme,
  width?: number,
  extra?: (run: LoggedRun) => string,
): Promise<string> {
  return renderTable(
    ['ID', 'WHEN', 'COMMAND', 'AGENT', 'RESULT', 'TOTAL', extra ? 'MATCH' : 'INPUT'],
    runs.map((run) => [
      run.id,
      shortTime(run.startedAt),
      run.command,
      agentOf(run),
      outcomeOf(run),
      ms(run.totalMs),
      extra ? extra(run) : oneLine(run.input, 60),
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
  if (run.outputSchema) lines.push(line('schema', oneLine(run.outputSchema, 200)));
  lines.push('', theme.muted('input:'), escapeControlsKeepLines(run.input), '', theme.muted('answer:'));
  lines.push(run.answer === '' ? theme.muted('(empty)') : escapeControlsKeepLines(run.answer));
  if (run.answerCut)
    lines.push(theme.muted(`(cut: the log keeps the first ${run.answer.length} of ${run.chars} characters)`));
  for (const call of run.toolCalls ?? []) lines.push(`${theme.accent('⚙ ')}${escapeControls(JSON.stringify(call))}`);
  return lines.join('\n');
}

/**
 * A snippet with its matches marked (\ue000…\ue001): bold on a terminal, [like this] elsewhere. It
 * starts a word before the first match, so a table that cuts the cell's end still shows it.
 */
export function highlighted(snippet: string, theme: Theme, onTerminal: boolean): string {
  const flat = snippet.replace(/\s+/g, ' ');
  const first = flat.indexOf('\ue000');
  const before = first > 0 ? flat.slice(0, first).split(' ') : [];
  const start = before.length > 3 ? `…${before.slice(-2).join(' ')}${flat.slice(first)}` : flat;
  const safe = escapeControls(start);
  return safe.replace(/\ue000([^\ue001]*)\ue001/g, (_all, match: string) =>
    onTerminal ? theme.heading(match) : `[${match}]`,
  );
}
