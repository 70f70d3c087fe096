// How a plan and its results read, for people and as JSON. A plan reads like `terraform plan`:
// one aligned line per agent, then one indented line per field change (old → new) and per link
// to attach, by name where the service gave one and by an id long enough to be told apart.
import { plural } from '../util/plural.js';
import { redactSecrets } from '../secrets/redact.js';
import { scrubSecrets } from '../secrets/known.js';
import { ATTACHABLE_OF, type AttachKind } from '../resources/registry.js';
import { CliError, errorFields, type Located } from '../errors.js';
import { escapeControls } from '../ui/safe-text.js';
import type { Theme } from '../ui/theme.js';
import type { Applied, AppliedAgent, LinkResult } from './execute.js';
import type { Plan, PlannedAgent } from './plan.js';
import { NEW_PREFIX, type PlannedResource } from './resource-plan.js';
import { textOf } from '../util/text-of.js';
import { displayWidth, padToWidth } from '../util/display-width.js';

const ACTION_LABEL: Record<PlannedAgent['action'] | 'error', string> = {
  create: '+ create',
  update: '~ update',
  unchanged: '= unchanged',
  error: '! error',
};
const ACTION_WIDTH = Math.max(...Object.values(ACTION_LABEL).map((label) => label.length));
const NAME_WIDTH_CAP = 40;
/** `+ datasource`, the widest label a link row has. */
const LINK_LABEL_WIDTH = '+ datasource'.length;
/** The least a value is given on a narrow terminal: below it, the line wraps instead. */
const MIN_VALUE_WIDTH = 16;
const MIN_ID_PREFIX = 8;

/**
 * Each id cut to its shortest prefix (at least 8 characters) that no other id in the list shares,
 * as git abbreviates commits: ids that differ only at the end are shown whole.
 */
function abbreviateIds(ids: readonly string[], minimum = MIN_ID_PREFIX): Map<string, string> {
  const distinct = [...new Set(ids)];
  const shown = new Map<string, string>();
  for (const id of distinct) {
    let length = Math.min(minimum, id.length);
    while (length < id.length && distinct.some((other) => other !== id && other.startsWith(id.slice(0, length))))
      length++;
    shown.set(id, length < id.length ? `${id.slice(0, length)}…` : id);
  }
  return shown;
}

/** A field's value, quoted when text, on one line, secrets hidden and control characters escaped. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  const safe = redactSecrets(value); // a tool's metadata may hold its keys
  return escapeControls(scrubSecrets(typeof safe === 'string' ? JSON.stringify(safe) : textOf(safe)));
}

/**
 * "old → new". Off a terminal both are whole (a log keeps everything). On one, each side that does
 * not fit its half of `width` is a window around the first difference, so a long prompt that changed
 * at its end shows the change, not the same first 40 characters twice.
 */
function changeText(previous: unknown, next: unknown, width: number | undefined): string {
  const [before, after] = [valueText(previous), valueText(next)];
  if (width === undefined) return `${before} → ${after}`;
  const each = Math.max(MIN_VALUE_WIDTH, Math.floor((width - 3) / 2));
  let differs = 0;
  while (differs < before.length && differs < after.length && before[differs] === after[differs]) differs++;
  return `${windowAround(before, differs, each)} → ${windowAround(after, differs, each)}`;
}

/**
 * About `size` characters of `text` around `at` (a third of them before it), with … where it is
 * cut; never inside a character (a surrogate pair stays whole).
 */
function windowAround(text: string, at: number, size: number): string {
  if (text.length <= size) return text;
  const start = Math.max(0, Math.min(at - Math.floor(size / 3), text.length - size));
  const end = start + size;
  const from = outsidePair(text, start > 0 ? start + 1 : start);
  const to = outsidePair(text, end < text.length ? end - 1 : end);
  return `${start > 0 ? '…' : ''}${text.slice(from, to)}${end < text.length ? '…' : ''}`;
}

/** `index`, or the one before it when it falls between the halves of a surrogate pair. */
function outsidePair(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff && index > 0 ? index - 1 : index;
}

const pad = padToWidth;

type ChangeRow = [label: string, text: string, paint: (text: string) => string];

/** A link by name, with its id cut short, or "(new)" for one the plan creates. */
export function linkShown(plan: Plan, shortIds: Map<string, string>, id: string): string {
  const name = plan.linkNames.get(id);
  const idText = id.startsWith(NEW_PREFIX) ? 'new' : (shortIds.get(id) ?? id);
  return escapeControls(name === undefined ? idText : `${name} (${idText})`);
}

function resourceRows(planned: PlannedResource, theme: Theme, width: number | undefined): ChangeRow[] {
  if (planned.action !== 'update') return [];
  return planned.changed.map((key) => {
    const secret = planned.resource.fields.find((field) => field.key === key)?.secret;
    return [
      key,
      secret ? '(changed, not shown)' : changeText(planned.previous[key], planned.fields[key], width),
      theme.warn,
    ];
  });
}

const resourceLabel = (planned: { kind: AttachKind; name: string }) =>
  `${ATTACHABLE_OF[planned.kind].noun} ${planned.name}`;

function changeRows(
  agent: PlannedAgent,
  plan: Plan,
  shortIds: Map<string, string>,
  theme: Theme,
  width: number | undefined,
): ChangeRow[] {
  const rows: ChangeRow[] = [];
  if (agent.action === 'update') {
    for (const field of agent.changed) {
      const key = field as keyof PlannedAgent['fields'];
      rows.push([field, changeText(agent.previous[key], agent.fields[key], width), theme.warn]);
    }
  }
  for (const [change, sign, paint] of [
    ['attach', '+', theme.success],
    ['detach', '-', theme.error],
  ] as const) {
    for (const kind of Object.keys(agent[change]) as AttachKind[]) {
      for (const id of agent[change][kind]) rows.push([`${sign} ${kind}`, linkShown(plan, shortIds, id), paint]);
    }
  }
  return rows;
}

/** The plan for people; `columns` is the terminal's width, or undefined off a terminal (values stay whole). */
export function renderPlan(plan: Plan, theme: Theme, columns?: number): string {
  const entries = [...plan.resources, ...plan.agents];
  const count = (action: PlannedAgent['action']) => entries.filter((a) => a.action === action).length;
  // An entry with three bad references is one entry in error.
  const inError = new Set(plan.problems.map((problem) => problem.name)).size;
  const summary = `Plan: ${count('create')} to create, ${count('update')} to update, ${count('unchanged')} unchanged${
    inError ? `, ${inError} in error` : ''
  }`;
  // What a change row leaves for its values on a terminal: four spaces, the widest label, two spaces.
  const widestLabel = Math.max(
    LINK_LABEL_WIDTH,
    ...entries.flatMap((entry) => entry.changed.map((field) => field.length)),
  );
  const valueWidth = columns ? Math.max(2 * MIN_VALUE_WIDTH + 3, columns - 6 - widestLabel) : undefined;
  const shortIds = abbreviateIds(
    plan.agents.flatMap((agent) =>
      [...Object.values(agent.attach), ...Object.values(agent.detach)]
        .flat()
        .filter((id) => !id.startsWith(NEW_PREFIX)),
    ),
  );
  const lines: Array<{ action: PlannedAgent['action']; name: string; rows: ChangeRow[] }> = [
    ...plan.resources.map((planned) => ({
      action: planned.action,
      name: resourceLabel(planned),
      rows: resourceRows(planned, theme, valueWidth),
    })),
    ...plan.agents.map((agent) => ({
      action: agent.action,
      name: agent.name,
      rows: changeRows(agent, plan, shortIds, theme, valueWidth),
    })),
  ];
  const nameWidth = Math.min(
    NAME_WIDTH_CAP,
    Math.max(0, ...lines.map((line) => displayWidth(escapeControls(line.name)))),
  );
  const labelWidth = Math.max(0, ...lines.flatMap((line) => line.rows.map(([label]) => label.length)));
  const paint = { create: theme.success, update: theme.warn, unchanged: theme.muted, error: theme.error };
  const out = [summary];
  for (const line of lines) {
    out.push(
      `${paint[line.action](pad(ACTION_LABEL[line.action], ACTION_WIDTH))}  ${pad(escapeControls(line.name), nameWidth)}`.trimEnd(),
    );
    for (const [label, text, paintRow] of line.rows) out.push(`    ${paintRow(pad(label, labelWidth))}  ${text}`);
  }
  for (const problem of plan.problems) {
    out.push(
      `${paint.error(pad(ACTION_LABEL.error, ACTION_WIDTH))}  ${escapeControls(`${problem.name}: ${problem.error.message}`)}`,
    );
  }
  return out.join('\n');
}

const linkLabel = (link: { kind: AttachKind; id: string }) =>
  link.id.startsWith(NEW_PREFIX)
    ? `${link.kind} "${link.id.slice(NEW_PREFIX.length + link.kind.length + 1)}"`
    : `${link.kind} ${link.id}`;

/** A link's failure, naming the link unless the message already does ("tool X not found"). */
const linkFailure = (link: LinkResult) =>
  link.error!.message.includes(link.id) ? link.error!.message : `${linkLabel(link)}: ${link.error!.message}`;

/** What was done to the agent itself: "created", "not updated", … */
function outcome(result: AppliedAgent): string {
  const verb = result.action === 'create' ? 'created' : 'updated';
  if (!result.attempted) return 'not attempted';
  return result.saved ? verb : `not ${verb}`;
}

/** One line per resource and agent; under a failed agent, what failed and what was still done. */
export function renderResults(applied: Applied, theme: Theme): string {
  const lines: string[] = [];
  for (const result of applied.resources) {
    const verb = result.action === 'create' ? 'created' : 'updated';
    const id = result.id ? theme.muted(`  ${result.id}`) : '';
    if (!result.error) lines.push(`${theme.success('✓')} ${verb} ${escapeControls(resourceLabel(result))}${id}`);
    else
      lines.push(
        `${theme.error('✗')} ${result.attempted ? `not ${verb}` : 'not attempted'} ${escapeControls(resourceLabel(result))}: ${escapeControls(result.error.message)}`,
      );
  }
  for (const result of applied.agents) {
    const name = escapeControls(result.name);
    const id = result.id ? theme.muted(`  ${result.id}`) : '';
    if (!result.error) {
      lines.push(`${theme.success('✓')} ${outcome(result)} ${name}${id}`);
      continue;
    }
    lines.push(`${theme.error('✗')} ${outcome(result)} ${name}${id}`);
    if (result.attempted && !result.saved)
      lines.push(`    ${theme.error('✗')} ${escapeControls(result.error.message)}`);
    for (const link of result.links) {
      if (link.error) lines.push(`    ${theme.error('✗')} ${escapeControls(linkFailure(link))}`);
      else if (!link.attempted) lines.push(`    ${theme.muted('-')} ${linkLabel(link)}: not attempted`);
      else
        lines.push(
          `    ${theme.success('✓')} ${link.change === 'attach' ? 'attached' : 'detached'} ${linkLabel(link)}`,
        );
    }
  }
  return lines.join('\n');
}

/**
 * The error apply ends with, or undefined when all went well. Its kind (and so the exit code) is
 * the first failure's; its details say, per agent, what failed, and what was done anyway.
 */
/** Each problem on a line, its details (the candidates of an ambiguous name) indented under it. */
export function problemLines(plan: Plan): string[] {
  return plan.problems.flatMap((p) => [
    `${p.name}: ${p.error.message}`,
    ...p.error.details.map((detail) => `  ${detail}`),
  ]);
}

/** Each problem at its line in the stack file: where a GitHub Actions annotation points. */
export function problemLocations(plan: Plan): Located[] {
  return plan.problems.map((p) => ({ where: p.where, message: `${p.name}: ${p.error.message}` }));
}

export function applyFailure(plan: Plan, applied: Applied): CliError | undefined {
  const firstProblem = plan.problems[0];
  if (firstProblem) {
    // Nothing was written: the plan was not started (see apply's run).
    const count = plural(plan.problems.length, 'problem');
    return new CliError(firstProblem.error.kind, `${count} in the plan; nothing was applied`, {
      details: problemLines(plan),
      locations: problemLocations(plan),
    });
  }
  const failedResources = applied.resources.filter((r) => r.error && r.attempted);
  const failedAgents = applied.agents.filter((r) => r.error && r.attempted);
  const notAttempted = [...applied.resources, ...applied.agents].filter((r) => !r.attempted);
  const first = failedResources[0]?.error ?? failedAgents[0]?.error ?? notAttempted[0]?.error;
  if (!first) return undefined;
  const withResources = plan.resources.length > 0;
  const noun = (count: number) =>
    withResources ? `${count} ${count === 1 ? 'entry' : 'entries'}` : plural(count, 'agent');
  const total = plan.resources.length + plan.agents.length;
  const failures = failedResources.length + failedAgents.length;
  const done =
    applied.resources.length +
    applied.agents.length -
    failedResources.length -
    failedAgents.length -
    notAttempted.length;
  const unchanged = [...plan.resources, ...plan.agents].filter((entry) => entry.action === 'unchanged').length;
  const counts = [
    `${done} applied`,
    unchanged ? `${unchanged} unchanged` : '',
    notAttempted.length ? `${notAttempted.length} not attempted` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const details = [
    ...failedResources.map((r) => `${resourceLabel(r)}: ${r.error!.message}`),
    ...failedAgents.map((r) => {
      const what = [
        r.saved ? '' : r.error!.message,
        ...r.links.filter((link) => link.error).map(linkFailure),
        r.links.some((link) => !link.attempted)
          ? `${plural(r.links.filter((link) => !link.attempted).length, 'attachment')} not attempted`
          : '',
      ];
      return `${r.name}: ${outcome(r)}${r.id ? ` ${r.id}` : ''}; ${what.filter(Boolean).join('; ')}`;
    }),
  ];
  if (notAttempted.length > 0) {
    return new CliError(first.kind, `the service stopped answering: ${first.message}`, {
      details: [...details, `${noun(total)}: ${counts}, ${failures} failed`],
      hint: 'Run apply again once the service is back: it does only what is still missing.',
    });
  }
  return new CliError(first.kind, `${failures} of ${noun(total)} failed (${counts})`, { details });
}

export function planJson(plan: Plan) {
  return [
    ...plan.agents.map((a) => ({
      name: a.name,
      action: a.action,
      id: a.id ?? null,
      changed: a.changed,
      changes:
        a.action === 'update'
          ? a.changed.map((field) => ({
              field,
              from: a.previous[field as keyof PlannedAgent['previous']] ?? null,
              to: a.fields[field as keyof PlannedAgent['fields']] ?? null,
            }))
          : [],
      attach: a.attach,
      detach: a.detach,
      error: null,
    })),
    ...plan.problems.map((p) => ({
      name: p.name,
      action: 'error',
      id: null,
      changed: [],
      changes: [],
      attach: noLinks(),
      detach: noLinks(),
      error: errorFields(p.error),
    })),
  ];
}

const noLinks = () => ({ tool: [], datasource: [], llm: [] });

/** The tools, datasources and LLMs of the plan; secrets only as "changed". */
export function resourcesPlanJson(plan: Plan) {
  return plan.resources.map((r) => ({
    kind: r.kind,
    name: r.name,
    action: r.action,
    id: r.id ?? null,
    changes:
      r.action === 'update'
        ? r.changed.map((field) =>
            r.resource.fields.find((f) => f.key === field)?.secret
              ? { field, from: '[redacted]', to: '[redacted]' }
              : { field, from: redactSecrets(r.previous[field] ?? null), to: redactSecrets(r.fields[field] ?? null) },
          )
        : [],
  }));
}

export function resultsJson(applied: Applied) {
  return applied.agents.map((r) => ({
    name: r.name,
    action: r.action,
    id: r.id ?? null,
    ok: !r.error,
    attempted: r.attempted,
    saved: r.saved,
    links: r.links.map((link) => ({
      kind: link.kind,
      id: link.id,
      change: link.change,
      attempted: link.attempted,
      ok: link.attempted && !link.error,
      error: link.error ? errorFields(link.error) : null,
    })),
    error: r.error ? errorFields(r.error) : null,
  }));
}

export function resourceResultsJson(applied: Applied) {
  return applied.resources.map((r) => ({
    kind: r.kind,
    name: r.name,
    action: r.action,
    id: r.id ?? null,
    ok: !r.error,
    attempted: r.attempted,
    error: r.error ? errorFields(r.error) : null,
  }));
}
