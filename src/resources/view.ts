// How a tool, datasource or LLM reads in human output: a table of many, a detail view of one.
// Secret fields are never shown, only whether they are set.
import { escapeControls, escapeControlsKeepLines } from '../ui/safe-text.js';
import { renderTable } from '../ui/table.js';
import type { Theme } from '../ui/theme.js';
import type { ResourceRecord } from '../api/resources.js';
import { fieldByKey, type ResourceDescriptor } from './descriptor.js';

const shown = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

const columnTitle = (resource: ResourceDescriptor, key: string) => (fieldByKey(resource, key)?.label ?? key).replace(/\?$/, '').toUpperCase();

export function resourceTable(resource: ResourceDescriptor, records: ResourceRecord[], theme: Theme, width: number | undefined): string {
  const headers = ['ID', ...resource.columns.map((key) => columnTitle(resource, key))];
  const rows = records.map((record) => [record.id, ...resource.columns.map((key) => escapeControls(shown(record[key])))]);
  return renderTable(headers, rows, { theme, width });
}

export function describeResource(resource: ResourceDescriptor, record: ResourceRecord, theme: Theme): string {
  const rows: Array<[string, string]> = [['id', record.id]];
  for (const field of resource.fields) {
    const value = record[field.key];
    if (field.secret) rows.push([field.label.toLowerCase(), value ? '(set, not shown)' : '']);
    else rows.push([field.label.replace(/\?$/, '').toLowerCase(), shown(value)]);
  }
  for (const key of resource.shownToo) rows.push([key, shown(record[key])]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const indent = '\n' + ' '.repeat(width + 2);
  return rows
    .filter(([, value]) => value !== '')
    .map(([label, value]) => `${theme.muted(label.padEnd(width))}  ${escapeControlsKeepLines(value).replace(/\n/g, indent)}`)
    .join('\n');
}
