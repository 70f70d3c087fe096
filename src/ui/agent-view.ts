// How an agent reads in human output.
import type { Agent } from '../api/agents.js';
import { escapeControls, escapeControlsKeepLines } from './safe-text.js';
import type { Theme } from './theme.js';

export function describeAgent(agent: Agent, theme: Theme): string {
  const rows: Array<[string, unknown]> = [
    ['id', agent.id],
    ['name', agent.name],
    ['description', agent.description],
    ['model', agent.llmModel],
    ['provider', agent.llmProvider], // sent on create only; the service does not store it on the agent
    ['active', agent.isActive],
    ['prompt', agent.prompt],
    ['initial message', agent.initialMessage],
    ['avatar', agent.avatar],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  // A multi-line value (a prompt) continues under its first line, not under the labels.
  const indent = '\n' + ' '.repeat(width + 2);
  return rows
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([label, value]) => `${theme.muted(label.padEnd(width))}  ${escapeControlsKeepLines(String(value)).replace(/\n/g, indent)}`)
    .join('\n');
}

interface LinkRow {
  toolId?: string;
  datasourceId?: string;
  llmId?: string;
  tool?: { name?: string } | null;
  datasource?: { name?: string } | null;
  llm?: { provider?: string } | null;
}

/** The tools, datasources and LLMs of an agent, as the GET route loads them. */
export function describeLinks(agent: Agent, theme: Theme): string {
  const groups: Array<[string, unknown, (row: LinkRow) => string]> = [
    ['tools', agent.tools, (row) => label(row.toolId, row.tool?.name)],
    ['datasources', agent.datasources, (row) => label(row.datasourceId, row.datasource?.name)],
    ['llms', agent.llms, (row) => label(row.llmId, row.llm?.provider)],
  ];
  return groups
    .filter(([, rows]) => Array.isArray(rows) && rows.length > 0)
    .map(([title, rows, format]) => `${theme.muted(title)}\n${(rows as LinkRow[]).map((row) => `  ${format(row)}`).join('\n')}`)
    .join('\n');
}

function label(id: string | undefined, name: string | undefined): string {
  return escapeControls(name ? `${id ?? '?'}  ${name}` : (id ?? '?'));
}
