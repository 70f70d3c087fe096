// How an agent reads in human output.
import type { Agent } from '../api/agents.js';
import type { Theme } from './theme.js';

export function describeAgent(agent: Agent, theme: Theme): string {
  const rows: Array<[string, unknown]> = [
    ['id', agent.id],
    ['name', agent.name],
    ['description', agent.description],
    ['model', agent.llmModel],
    ['active', agent.isActive],
    ['prompt', agent.prompt],
    ['initial message', agent.initialMessage],
    ['avatar', agent.avatar],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([label, value]) => `${theme.muted(label.padEnd(width))}  ${String(value)}`)
    .join('\n');
}
