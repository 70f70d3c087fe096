// How an agent reads in human output.
import type { Agent } from '../api/agents.js';
import { AGENT } from '../resources/agent.js';
import { describeResource } from '../resources/view.js';
import { escapeControls } from './safe-text.js';
import type { Theme } from './theme.js';

/** The detail view, from the agent's descriptor. */
export const describeAgent = (agent: Agent, theme: Theme): string => describeResource(AGENT, agent, theme);

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
