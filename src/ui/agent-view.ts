// How an agent reads in human output.
import type { Agent } from '../api/agents.js';
import { AGENT } from '../resources/agent.js';
import { attachKey } from '../resources/descriptor.js';
import { ATTACHABLE } from '../resources/registry.js';
import { describeResource } from '../resources/view.js';
import { escapeControls } from './safe-text.js';
import type { Theme } from './theme.js';

/** The detail view, from the agent's descriptor. */
export const describeAgent = (agent: Agent, theme: Theme): string => describeResource(AGENT, agent, theme);

type LinkRow = Record<string, unknown>;

/** The tools, datasources and LLMs of an agent, as the GET route loads them: each link row holds
 * the attached id and (when loaded) the record, named by its kind (`toolId`, `tool: {name}`). */
export function describeLinks(agent: Agent, theme: Theme): string {
  return ATTACHABLE.map((resource) => {
    const rows = agent[resource.plural];
    if (!Array.isArray(rows) || rows.length === 0) return undefined;
    const lines = (rows as LinkRow[]).map((row) => {
      const record = row[resource.kind] as Record<string, unknown> | null | undefined;
      const name = record?.[resource.nameKey];
      return `  ${label(stringOr(row[attachKey(resource)]), stringOr(name))}`;
    });
    return `${theme.muted(resource.plural)}\n${lines.join('\n')}`;
  })
    .filter((group) => group !== undefined)
    .join('\n');
}

const stringOr = (value: unknown) => (typeof value === 'string' ? value : undefined);

function label(id: string | undefined, name: string | undefined): string {
  return escapeControls(name ? `${id ?? '?'}  ${name}` : (id ?? '?'));
}
