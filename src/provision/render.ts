// How a plan and its results read, for people and as JSON. A plan reads like `terraform plan`:
// one aligned line per agent, then one indented line per field change (old → new) and per link
// to attach, by name where the service gave one and by an id long enough to be told apart.
import type { AttachKind } from '../api/agents.js';
import { CliError, errorFields } from '../errors.js';
import { escapeControls } from '../ui/safe-text.js';
import type { Theme } from '../ui/theme.js';
import type { AppliedAgent, LinkResult } from './execute.js';
import type { Plan, PlannedAgent } from './plan.js';

const ACTION_LABEL: Record<PlannedAgent['action'] | 'error', string> = {
  create: '+ create',
  update: '~ update',
  unchanged: '= unchanged',
  error: '! error',
};
const ACTION_WIDTH = Math.max(...Object.values(ACTION_LABEL).map((label) => label.length));
const NAME_WIDTH_CAP = 40;
const VALUE_WIDTH = 40;
const MIN_ID_PREFIX = 8;

/**
 * Each id cut to its shortest prefix (at least 8 characters) that no other id in the list shares,
 * as git abbreviates commits: ids that differ only at the end are shown whole.
 */
export function abbreviateIds(ids: readonly string[], minimum = MIN_ID_PREFIX): Map<string, string> {
  const distinct = [...new Set(ids)];
  const shown = new Map<string, string>();
  for (const id of distinct) {
    let length = Math.min(minimum, id.length);
    while (length < id.length && distinct.some((other) => other !== id && other.startsWith(id.slice(0, length)))) length++;
    shown.set(id, length < id.length ? `${id.slice(0, length)}…` : id);
  }
  return shown;
}

/** A field's value, quoted when text, on one line and cut to fit. */
function shownValue(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return escapeControls(text.length > VALUE_WIDTH ? `${text.slice(0, VALUE_WIDTH - 1)}…` : text);
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));

type ChangeRow = [label: string, text: string, paint: (text: string) => string];

function changeRows(agent: PlannedAgent, plan: Plan, shortIds: Map<string, string>, theme: Theme): ChangeRow[] {
  const rows: ChangeRow[] = [];
  if (agent.action === 'update') {
    for (const field of agent.changed) {
      const key = field as keyof PlannedAgent['fields'];
      rows.push([field, `${shownValue(agent.previous[key])} → ${shownValue(agent.fields[key])}`, theme.warn]);
    }
  }
  for (const kind of Object.keys(agent.attach) as AttachKind[]) {
    for (const id of agent.attach[kind]) {
      const name = plan.linkNames.get(id);
      const shown = name === undefined ? escapeControls(shortIds.get(id)!) : `${escapeControls(name)} (${escapeControls(shortIds.get(id)!)})`;
      rows.push([`+ ${kind}`, shown, theme.success]);
    }
  }
  return rows;
}

export function renderPlan(plan: Plan, theme: Theme): string {
  const count = (action: PlannedAgent['action']) => plan.agents.filter((a) => a.action === action).length;
  const summary = `Plan: ${count('create')} to create, ${count('update')} to update, ${count('unchanged')} unchanged${
    plan.problems.length ? `, ${plan.problems.length} in error` : ''
  }`;
  const shortIds = abbreviateIds(plan.agents.flatMap((agent) => Object.values(agent.attach).flat()));
  const nameWidth = Math.min(NAME_WIDTH_CAP, Math.max(0, ...plan.agents.map((agent) => escapeControls(agent.name).length)));
  const paint = { create: theme.success, update: theme.warn, unchanged: theme.muted, error: theme.error };
  const rows = new Map(plan.agents.map((agent) => [agent, changeRows(agent, plan, shortIds, theme)]));
  const labelWidth = Math.max(0, ...[...rows.values()].flat().map(([label]) => label.length));
  const lines = [summary];
  for (const agent of plan.agents) {
    lines.push(`${paint[agent.action](pad(ACTION_LABEL[agent.action], ACTION_WIDTH))}  ${pad(escapeControls(agent.name), nameWidth)}`.trimEnd());
    for (const [label, text, paintRow] of rows.get(agent)!) lines.push(`    ${paintRow(pad(label, labelWidth))}  ${text}`);
  }
  for (const problem of plan.problems) {
    lines.push(`${paint.error(pad(ACTION_LABEL.error, ACTION_WIDTH))}  ${escapeControls(`${problem.name}: ${problem.error.message}`)}`);
  }
  return lines.join('\n');
}

const linkLabel = (link: { kind: AttachKind; id: string }) => `${link.kind} ${link.id}`;

/** A link's failure, naming the link unless the message already does ("tool X not found"). */
const linkFailure = (link: LinkResult) => (link.error!.message.includes(link.id) ? link.error!.message : `${linkLabel(link)}: ${link.error!.message}`);

/** What was done to the agent itself: "created", "not updated", … */
function outcome(result: AppliedAgent): string {
  const verb = result.action === 'create' ? 'created' : 'updated';
  if (!result.attempted) return 'not attempted';
  return result.saved ? verb : `not ${verb}`;
}

/** One line per agent; under a failed one, what failed and what was still done. */
export function renderResults(results: AppliedAgent[], theme: Theme): string {
  const lines: string[] = [];
  for (const result of results) {
    const name = escapeControls(result.name);
    const id = result.id ? theme.muted(`  ${result.id}`) : '';
    if (!result.error) {
      lines.push(`${theme.success('✓')} ${outcome(result)} ${name}${id}`);
      continue;
    }
    lines.push(`${theme.error('✗')} ${outcome(result)} ${name}${id}`);
    if (result.attempted && !result.saved) lines.push(`    ${theme.error('✗')} ${escapeControls(result.error.message)}`);
    for (const link of result.links) {
      if (link.error) lines.push(`    ${theme.error('✗')} ${escapeControls(linkFailure(link))}`);
      else if (!link.attempted) lines.push(`    ${theme.muted('-')} ${linkLabel(link)}: not attempted`);
      else lines.push(`    ${theme.success('✓')} attached ${linkLabel(link)}`);
    }
  }
  return lines.join('\n');
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * The error apply ends with, or undefined when all went well. Its kind (and so the exit code) is
 * the first failure's; its details say, per agent, what failed, and what was done anyway.
 */
export function applyFailure(plan: Plan, results: AppliedAgent[]): CliError | undefined {
  const failed = results.filter((r) => r.error && r.attempted);
  const notAttempted = results.filter((r) => !r.attempted);
  const first = plan.problems[0]?.error ?? failed[0]?.error ?? notAttempted[0]?.error;
  if (!first) return undefined;
  const total = plan.agents.length + plan.problems.length;
  const applied = results.length - failed.length - notAttempted.length;
  const unchanged = plan.agents.filter((agent) => agent.action === 'unchanged').length;
  const counts = [`${applied} applied`, unchanged ? `${unchanged} unchanged` : '', notAttempted.length ? `${notAttempted.length} not attempted` : '']
    .filter(Boolean)
    .join(', ');
  const details = [
    ...plan.problems.map((p) => `${p.name}: ${p.error.message}`),
    ...failed.map((r) => {
      const what = [
        r.saved ? '' : r.error!.message,
        ...r.links.filter((link) => link.error).map(linkFailure),
        r.links.some((link) => !link.attempted) ? `${plural(r.links.filter((link) => !link.attempted).length, 'link')} not attempted` : '',
      ];
      return `${r.name}: ${outcome(r)}${r.id ? ` ${r.id}` : ''}; ${what.filter(Boolean).join('; ')}`;
    }),
  ];
  if (notAttempted.length > 0) {
    return new CliError(first.kind, `the service stopped answering: ${first.message}`, {
      details: [...details, `${plural(total, 'agent')}: ${counts}, ${failed.length + plan.problems.length} failed`],
      hint: 'Run apply again once the service is back: it does only what is still missing.',
    });
  }
  return new CliError(first.kind, `${failed.length + plan.problems.length} of ${plural(total, 'agent')} failed (${counts})`, { details });
}

export function planJson(plan: Plan) {
  return [
    ...plan.agents.map((a) => ({
      name: a.name,
      action: a.action,
      id: a.id ?? null,
      changed: a.changed,
      changes: a.action === 'update' ? a.changed.map((field) => ({ field, from: a.previous[field as keyof PlannedAgent['previous']] ?? null, to: a.fields[field as keyof PlannedAgent['fields']] ?? null })) : [],
      attach: a.attach,
      error: null,
    })),
    ...plan.problems.map((p) => ({ name: p.name, action: 'error', id: null, changed: [], changes: [], attach: { tool: [], datasource: [], llm: [] }, error: errorFields(p.error) })),
  ];
}

export function resultsJson(results: AppliedAgent[]) {
  return results.map((r) => ({
    name: r.name,
    action: r.action,
    id: r.id ?? null,
    ok: !r.error,
    attempted: r.attempted,
    saved: r.saved,
    links: r.links.map((link) => ({ kind: link.kind, id: link.id, attempted: link.attempted, ok: link.attempted && !link.error, error: link.error ? errorFields(link.error) : null })),
    error: r.error ? errorFields(r.error) : null,
  }));
}
