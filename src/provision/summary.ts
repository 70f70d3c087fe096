// The Markdown job summary of diff and apply: the plan as a table, one row per entry that changes
// or failed (unchanged ones are counted), with apply's outcome per row. Names and values come from
// the file (a pull request) and the service: every one goes through markdownText.
import { markdownTable, markdownText as md } from '../ci/markdown.js';
import { ATTACHABLE_OF, type AttachKind } from '../resources/registry.js';
import type { Applied } from './execute.js';
import type { Plan } from './plan.js';
import { linkShown, valueText } from './render.js';

const ROWS = 100;
const VALUE = 120;

const SIGN = { create: '+ create', update: '~ update', unchanged: '= unchanged' } as const;

/** `applied` is apply's outcome; without it (diff, apply --dry-run) the plan alone. */
export function planSummary(command: string, files: readonly string[], plan: Plan, applied?: Applied): string {
  const entries = [...plan.resources, ...plan.agents];
  const count = (action: keyof typeof SIGN) => entries.filter((entry) => entry.action === action).length;
  const inError = new Set(plan.problems.map((problem) => problem.name)).size;
  const ok = plan.problems.length === 0 && !failed(applied);
  const lines = [
    `### ${ok ? '✅' : '❌'} ${command}: ${files.map((file) => md(file, 80)).join(', ')}`,
    '',
    `**Plan: ${count('create')} to create, ${count('update')} to update, ${count('unchanged')} unchanged${inError ? `, ${inError} in error` : ''}**`,
  ];
  const outcome = outcomes(applied);
  const shortIds = new Map<string, string>();
  const rows: string[][] = [];
  for (const r of plan.resources) {
    if (r.action === 'unchanged') continue;
    const changes =
      r.action === 'update'
        ? r.changed.map((key) =>
            r.resource.fields.find((field) => field.key === key)?.secret
              ? `${md(key)}: (changed, not shown)`
              : change(key, r.previous[key], r.fields[key]),
          )
        : [];
    rows.push(row(SIGN[r.action], ATTACHABLE_OF[r.kind].noun, r.name, changes, outcome.get(`${r.kind}:${r.name}`)));
  }
  for (const a of plan.agents) {
    const links = (change: 'attach' | 'detach', sign: string) =>
      (Object.keys(a[change]) as AttachKind[]).flatMap((kind) =>
        a[change][kind].map((id) => md(`${sign} ${kind}: ${linkShown(plan, shortIds, id)}`, VALUE)),
      );
    const fields =
      a.action === 'update'
        ? a.changed.map((field) => {
            const key = field as keyof typeof a.fields;
            return change(field, a.previous[key], a.fields[key]);
          })
        : [];
    const changes = [...fields, ...links('attach', '+'), ...links('detach', '-')];
    if (a.action === 'unchanged' && changes.length === 0) continue;
    rows.push(row(SIGN[a.action], 'agent', a.name, changes, outcome.get(`agent:${a.name}`)));
  }
  for (const problem of plan.problems)
    rows.push([
      '! error',
      '',
      md(problem.name, 100),
      md(`${problem.error.message} (${problem.where})`, 200),
      ...(applied ? ['not applied'] : []),
    ]);
  if (rows.length > 0) {
    lines.push('');
    lines.push(
      ...markdownTable(['Action', 'Kind', 'Name', 'Changes', ...(applied ? ['Result'] : [])], rows, ROWS, 'entries'),
    );
  }
  if (plan.problems.length > 0 && applied) lines.push('', 'A plan with a problem is not started: nothing was applied.');
  return lines.join('\n');

  /** `changes` are Markdown already. */
  function row(action: string, kind: string, name: string, changes: string[], result: string | undefined): string[] {
    return [action, kind, md(name, 100), changes.join('<br>'), ...(applied ? [md(result ?? 'not applied', 120)] : [])];
  }
}

/** "field: old → new", each side cut on its own: a long prompt that changed still shows both. */
function change(field: string, before: unknown, after: unknown): string {
  return `${md(field)}: ${md(valueText(before), VALUE)} → ${md(valueText(after), VALUE)}`;
}

function failed(applied: Applied | undefined): boolean {
  return applied !== undefined && [...applied.resources, ...applied.agents].some((result) => result.error);
}

/** Per entry ("tool:weather", "agent:Docs bot"), what apply did. */
function outcomes(applied: Applied | undefined): Map<string, string> {
  const done = new Map<string, string>();
  if (!applied) return done;
  const verb = (action: string) => (action === 'create' ? 'created' : 'updated');
  for (const r of applied.resources)
    done.set(
      `${r.kind}:${r.name}`,
      r.error
        ? `✗ ${r.attempted ? `not ${verb(r.action)}` : 'not attempted'}: ${r.error.message}`
        : `✓ ${verb(r.action)}`,
    );
  for (const a of applied.agents) {
    const linkError = a.links.find((link) => link.error)?.error;
    const error = a.error ?? linkError;
    done.set(`agent:${a.name}`, error ? `✗ ${error.message}` : `✓ ${a.attempted ? verb(a.action) : 'done'}`);
  }
  return done;
}
