// How an agent, tool, datasource or LLM reads in human output: a table of many, a detail view of one.
// Secret fields are never shown, only whether they are set.
import { escapeControls, escapeControlsKeepLines } from '../ui/safe-text.js';
import { renderTable } from '../ui/table.js';
import type { Theme } from '../ui/theme.js';
import { attachKey, fieldByKey, type FieldSpec, type ResourceDescriptor, type ResourceRecord } from './descriptor.js';
import { AGENT } from './agent.js';
import { ATTACHABLE } from './registry.js';
import { textOf } from '../util/text-of.js';

const shown = textOf;

/** A field's name in a view: its short label when it has one, else its label. */
const viewLabel = (field: FieldSpec) => (field.viewLabel ?? field.label.replace(/\?$/, '')).toLowerCase();

/** A table cell: a switch reads yes or no. */
const cell = (value: unknown) => (typeof value === 'boolean' ? (value ? 'yes' : 'no') : escapeControls(shown(value)));

export function resourceTable(
  resource: ResourceDescriptor,
  records: ResourceRecord[],
  theme: Theme,
  width: number | undefined,
): Promise<string> {
  const headers = [
    'ID',
    ...resource.columns.map((key) => {
      const field = fieldByKey(resource, key);
      return (field ? viewLabel(field) : key).toUpperCase();
    }),
  ];
  const rows = records.map((record) => [record.id, ...resource.columns.map((key) => cell(record[key]))]);
  // The name is what a person types next (`agents add-tool bot weather`): cut the others first.
  const name = resource.columns.indexOf(resource.nameKey);
  return renderTable(headers, rows, { theme, width, keepWhole: name >= 0 ? [1 + name] : [] });
}

export function describeResource(resource: ResourceDescriptor, record: ResourceRecord, theme: Theme): string {
  const rows: Array<[string, string]> = [['id', record.id]];
  // Multi-line text (a prompt) goes last, so the short facts stay together above it.
  const ordered = [
    ...resource.fields.filter((field) => !field.multiline),
    ...resource.fields.filter((field) => field.multiline),
  ];
  for (const field of ordered) {
    const value = record[field.key];
    rows.push([viewLabel(field), field.secret ? (value ? '(set, not shown)' : '') : shown(value)]);
  }
  for (const key of resource.shownToo) rows.push([key, shown(record[key])]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const indent = '\n' + ' '.repeat(width + 2);
  return rows
    .filter(([, value]) => value !== '')
    .map(
      ([label, value]) =>
        `${theme.muted(label.padEnd(width))}  ${escapeControlsKeepLines(value).replace(/\n/g, indent)}`,
    )
    .join('\n');
}

type LinkRow = Record<string, unknown>;

/** An agent's detail view, then its tools, datasources and LLMs as the GET route loads them: each
 * link row holds the attached id and (when loaded) the record, named by its kind (`toolId`, `tool: {name}`). */
export function describeAgentWithLinks(agent: ResourceRecord, theme: Theme): string {
  const links = ATTACHABLE.map((resource) => {
    const rows = agent[resource.plural];
    if (!Array.isArray(rows) || rows.length === 0) return undefined;
    const lines = (rows as LinkRow[]).map((row) => {
      const record = row[resource.kind] as Record<string, unknown> | null | undefined;
      const name = record?.[resource.nameKey];
      return `  ${linkLabel(stringOr(row[attachKey(resource)]), stringOr(name))}`;
    });
    return `${theme.muted(resource.plural)}\n${lines.join('\n')}`;
  }).filter((group) => group !== undefined);
  return [describeResource(AGENT, agent, theme), ...links].join('\n');
}

const stringOr = (value: unknown) => (typeof value === 'string' ? value : undefined);

function linkLabel(id: string | undefined, name: string | undefined): string {
  return escapeControls(name ? `${id ?? '?'}  ${name}` : (id ?? '?'));
}
