// What apply would do: match desired agents to existing ones by name, and work out the
// fields that differ and the links that are missing. Reads only; writes nothing.
import { getAgent, listAgents, listCatalog, type Agent, type AgentFields, type AttachKind } from '../api/agents.js';
import type { ApiClient } from '../api/client.js';
import { CliError } from '../errors.js';
import { mapLimit } from './pool.js';
import { FIELD_KEYS, LINK_KINDS, type DesiredAgent } from './schema.js';

export type Attachments = Record<AttachKind, string[]>;

export interface PlannedAgent {
  name: string;
  action: 'create' | 'update' | 'unchanged';
  /** The existing agent's id (create: filled in once created). */
  id?: string;
  /** Fields to send: all of them for create, the differing ones for update. */
  fields: AgentFields;
  changed: string[];
  /** update: the service's values of the changed fields, for "old → new". */
  previous: Partial<AgentFields>;
  attach: Attachments;
}

export interface PlanProblem {
  name: string;
  error: CliError;
}

export interface Plan {
  agents: PlannedAgent[];
  problems: PlanProblem[];
  /** The names of the tools, datasources and LLMs to attach, where the service told them (id → name). */
  linkNames: Map<string, string>;
}

const PAGE = 100;

export async function listAllAgents(client: ApiClient): Promise<Agent[]> {
  const all: Agent[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const page = await listAgents(client, { skip, take: PAGE });
    all.push(...page.agents);
    if (page.agents.length < PAGE) return all;
  }
}

function linkedIds(agent: Agent, key: 'tools' | 'datasources' | 'llms', idKey: string): Set<string> {
  const rows = Array.isArray(agent[key]) ? (agent[key] as Array<Record<string, unknown>>) : [];
  return new Set(rows.map((row) => row[idKey]).filter((id): id is string => typeof id === 'string'));
}

const same = (a: unknown, b: unknown) => (a ?? undefined) === (b ?? undefined);

export function fieldsOf(desired: DesiredAgent): AgentFields {
  return Object.fromEntries(FIELD_KEYS.filter((key) => desired[key] !== undefined).map((key) => [key, desired[key]])) as AgentFields;
}

function missingLinks(desired: DesiredAgent, existing: Agent | undefined): Attachments {
  const attach: Attachments = { tool: [], datasource: [], llm: [] };
  for (const { key, kind } of LINK_KINDS) {
    const have = existing ? linkedIds(existing, key, `${kind}Id`) : new Set<string>();
    attach[kind] = [...new Set(desired[key] ?? [])].filter((id) => !have.has(id));
  }
  return attach;
}

/** `where` (file:line of each desired agent) prefixes its problems, so every one can be found in the file. */
export async function computePlan(client: ApiClient, desired: Array<{ agent: DesiredAgent; where?: string }>, concurrency: number): Promise<Plan> {
  const existing = await listAllAgents(client);
  const byName = new Map<string, Agent[]>();
  for (const agent of existing) byName.set(agent.name ?? '', [...(byName.get(agent.name ?? '') ?? []), agent]);

  const problems: PlanProblem[] = [];
  const byId = new Map(existing.map((agent) => [agent.id, agent]));

  const planned = await mapLimit(desired, concurrency, async ({ agent: want, where }): Promise<PlannedAgent | undefined> => {
    const at = where ? `${where}: ` : '';
    // By id first (export writes ids when names collide), then by name.
    const matches = want.id !== undefined ? [byId.get(want.id)].filter((a): a is Agent => a !== undefined) : (byName.get(want.name) ?? []);
    if (want.id !== undefined && matches.length === 0) {
      problems.push({ name: want.name, error: new CliError('not-found', `${at}agent ${want.id} ("${want.name}") not found`, { hint: 'Remove its id from the file to create it anew.' }) });
      return undefined;
    }
    if (matches.length > 1) {
      problems.push({
        name: want.name,
        error: new CliError('usage', `${at}${matches.length} existing agents are named "${want.name}"; give it the id of one (export writes them)`, { details: matches.map((m) => m.id) }),
      });
      return undefined;
    }
    const fields = fieldsOf(want);
    if (matches.length === 0) {
      return { name: want.name, action: 'create', fields, changed: Object.keys(fields), previous: {}, attach: missingLinks(want, undefined) };
    }
    // The list leaves relations out on some servers: read the agent for its links.
    const current = await getAgent(client, matches[0]!.id);
    // llmProvider is not stored on the agent, so it cannot differ.
    const changed = FIELD_KEYS.filter((key) => key !== 'llmProvider' && fields[key] !== undefined && !same(fields[key], current[key]));
    const update = Object.fromEntries(changed.map((key) => [key, fields[key]])) as AgentFields;
    const attach = missingLinks(want, current);
    const linksMissing = Object.values(attach).some((list) => list.length > 0);
    return {
      name: want.name,
      id: current.id,
      action: changed.length > 0 || linksMissing ? 'update' : 'unchanged',
      fields: update,
      changed,
      previous: Object.fromEntries(changed.map((key) => [key, current[key]])) as Partial<AgentFields>,
      attach,
    };
  });
  const agents = planned.filter((p): p is PlannedAgent => p !== undefined);
  return { agents, problems, linkNames: await namesOfLinks(client, agents) };
}

/**
 * One list request per kind that has something to attach, so the plan can say "weather" rather
 * than an id. Only for reading: a service that cannot list a kind leaves its ids unnamed.
 */
async function namesOfLinks(client: ApiClient, agents: PlannedAgent[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const kinds = LINK_KINDS.map(({ kind }) => kind).filter((kind) => agents.some((agent) => agent.attach[kind].length > 0));
  await Promise.all(
    kinds.map(async (kind: AttachKind) => {
      const entries = await listCatalog(client, kind).catch((error: unknown) => {
        if (error instanceof CliError && error.kind === 'interrupted') throw error;
        return [];
      });
      for (const entry of entries) if (entry.name !== entry.id) names.set(entry.id, entry.name);
    }),
  );
  return names;
}

export function planHasChanges(plan: Plan): boolean {
  return plan.agents.some((agent) => agent.action !== 'unchanged');
}
