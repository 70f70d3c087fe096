// What destroy shows: its plan for a person (as diff shows apply's), the same as JSON, and the
// Markdown job summary. Names come from the file (a pull request) and the service: escaped.
import { markdownTable, markdownText as md } from '../ci/markdown.js';
import type { Theme } from '../ui/color-support.js';
import { escapeControls } from '../ui/safe-text.js';
import { plural } from '../util/plural.js';
import type { DestroyEntry, DestroyPlan, DestroyResult } from './destroy.js';
import { resultJson, toDelete } from './destroy.js';

const WHY: Record<DestroyEntry['action'], (entry: DestroyEntry) => string> = {
  delete: () => '',
  absent: () => 'not found: nothing to delete',
  kept: (entry) => `kept: ${linkedWords(entry)}`,
  never: () => 'kept: the service cannot delete LLMs',
};

const linkedWords = (entry: DestroyEntry) =>
  `agent${entry.linkedBy!.length === 1 ? '' : 's'} outside the stack use${entry.linkedBy!.length === 1 ? 's' : ''} it (${entry.linkedBy!.map((name) => `"${name}"`).join(', ')})`;

const count = (plan: DestroyPlan, action: DestroyEntry['action']) =>
  [...plan.agents, ...plan.resources].filter((entry) => entry.action === action).length;

function destroyHeadline(plan: DestroyPlan): string {
  const kept = count(plan, 'kept') + count(plan, 'never');
  return `Plan: ${count(plan, 'delete')} to delete, ${kept} kept, ${count(plan, 'absent')} not found`;
}

export function renderDestroyPlan(plan: DestroyPlan, theme: Theme): string {
  const entries = [...plan.agents, ...plan.resources];
  const width = Math.max(0, ...entries.map((entry) => entry.resource.noun.length));
  const lines = entries.map((entry) => {
    const sign = entry.action === 'delete' ? theme.error('- ') : entry.action === 'absent' ? '  ' : theme.warn('= ');
    const label = `${entry.resource.noun.padEnd(width)}  ${escapeControls(entry.name)}`;
    const why = WHY[entry.action](entry);
    return `${sign}${label}${why ? `  ${theme.muted(escapeControls(why))}` : ''}`;
  });
  return [destroyHeadline(plan), ...lines].join('\n');
}

const destroyEntryJson = (entry: DestroyEntry) => ({
  kind: entry.resource.kind,
  name: entry.name,
  action: entry.action,
  id: entry.id ?? null,
  ...(entry.linkedBy && { linkedBy: entry.linkedBy }),
});

export function destroyJson(plan: DestroyPlan, dryRun: boolean, results: readonly DestroyResult[]) {
  return {
    dryRun,
    plan: [...plan.agents, ...plan.resources].map(destroyEntryJson),
    results: results.map(resultJson),
  };
}

/** `results`: what was deleted; none for --dry-run. */
export function destroySummary(
  files: readonly string[],
  plan: DestroyPlan,
  results?: readonly DestroyResult[],
): string {
  const failed = results?.filter((result) => result.error).length ?? 0;
  const title = results ? 'agents destroy' : 'agents destroy --dry-run';
  const outcome = new Map(
    results?.map((result) => [result.entry, result.error ? `❌ ${md(result.error.message, 120)}` : '✅ deleted']),
  );
  const rows = [...plan.agents, ...plan.resources].map((entry) => [
    entry.action === 'delete' ? '- delete' : entry.action === 'absent' ? 'not found' : '= kept',
    entry.resource.noun,
    md(entry.name, 80),
    md(WHY[entry.action](entry), 160) + (outcome.get(entry) ? ` ${outcome.get(entry)}` : ''),
  ]);
  return [
    `### ${failed ? '❌' : '✅'} ${title}: ${files.map((file) => md(file, 80)).join(', ')}`,
    '',
    `**${destroyHeadline(plan)}**${failed ? ` (${plural(failed, 'deletion')} failed)` : ''}`,
    '',
    ...(rows.length ? markdownTable(['', 'kind', 'name', 'note'], rows, 100, 'entries') : []),
    ...(toDelete(plan).length === 0 ? ['', 'Nothing to destroy.'] : []),
  ].join('\n');
}
