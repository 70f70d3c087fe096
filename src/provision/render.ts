// How a plan and its results read, for people and as JSON.
import { errorFields } from '../errors.js';
import type { AttachKind } from '../api/agents.js';
import { escapeControls } from '../ui/safe-text.js';
import type { Theme } from '../ui/theme.js';
import type { AppliedAgent } from './execute.js';
import type { Attachments, Plan, PlannedAgent } from './plan.js';

const short = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

function describeAttach(attach: Attachments): string {
  return (Object.keys(attach) as AttachKind[])
    .filter((kind) => attach[kind].length > 0)
    .map((kind) => `${kind} ${attach[kind].map(short).join(', ')}`)
    .join('; ');
}

function planLine(agent: PlannedAgent, theme: Theme): string {
  const attach = describeAttach(agent.attach);
  switch (agent.action) {
    case 'create':
      return `${theme.success('+ create   ')} ${escapeControls(agent.name)}${attach ? theme.muted(`  attach ${attach}`) : ''}`;
    case 'update': {
      const parts = [agent.changed.length ? `change ${agent.changed.join(', ')}` : '', attach ? `attach ${attach}` : ''].filter(Boolean);
      return `${theme.warn('~ update   ')} ${escapeControls(agent.name)}${theme.muted(`  ${parts.join('; ')}`)}`;
    }
    case 'unchanged':
      return `${theme.muted('= unchanged')} ${escapeControls(agent.name)}`;
  }
}

export function renderPlan(plan: Plan, theme: Theme): string {
  const count = (action: PlannedAgent['action']) => plan.agents.filter((a) => a.action === action).length;
  const summary = `Plan: ${count('create')} to create, ${count('update')} to update, ${count('unchanged')} unchanged${
    plan.problems.length ? `, ${plan.problems.length} in error` : ''
  }`;
  const problems = plan.problems.map((p) => `${theme.error('! error    ')} ${escapeControls(`${p.name}: ${p.error.message}`)}`);
  return [summary, ...plan.agents.map((a) => planLine(a, theme)), ...problems].join('\n');
}

export function renderResults(results: AppliedAgent[], theme: Theme): string {
  return results
    .filter((r) => r.action !== 'unchanged' || r.error)
    .map((r) =>
      r.error
        ? `${theme.error('✗')} ${escapeControls(`${r.name}: ${r.error.message}`)}`
        : `${theme.success('✓')} ${r.action === 'create' ? 'created' : 'updated'} ${escapeControls(r.name)}${r.id ? theme.muted(`  ${r.id}`) : ''}`,
    )
    .join('\n');
}

export function planJson(plan: Plan) {
  return [
    ...plan.agents.map((a) => ({ name: a.name, action: a.action, id: a.id ?? null, changed: a.changed, attach: a.attach, error: null })),
    ...plan.problems.map((p) => ({ name: p.name, action: 'error', id: null, changed: [], attach: { tool: [], datasource: [], llm: [] }, error: errorFields(p.error) })),
  ];
}

export function resultsJson(results: AppliedAgent[]) {
  return results.map((r) => ({ name: r.name, action: r.action, id: r.id ?? null, ok: !r.error, error: r.error ? errorFields(r.error) : null }));
}
