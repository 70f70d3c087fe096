// What apply would do: plan the stack's tools, datasources and LLMs, then match desired agents
// to existing ones by id or name, and work out the fields that differ, the links that are missing
// and (with --prune) the links the file does not declare. Reads only; writes nothing.
import { getAgent, listAllAgents, type Agent, type AgentFields } from '../api/agents.js';
import { attachKey } from '../resources/descriptor.js';
import { ATTACH_KINDS, type AttachKind } from '../resources/registry.js';
import type { ApiClient } from '../api/client.js';
import { CliError } from '../errors.js';
import type { LoadedStack } from './load.js';
import { inReadingOrder } from '../util/reading-order.js';
import { mapLimit } from './pool.js';
import { linkNames, planResources, resolveLink, type Catalogs, type PlannedResource } from './resource-plan.js';
import { FIELD_KEYS, STACK_SECTIONS, type DesiredAgent, type StackSectionKey } from './schema.js';

type Attachments = Record<AttachKind, string[]>;

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
  /** Ids (or placeholders of resources the plan creates) to attach. */
  attach: Attachments;
  /** --prune: ids attached now that the file does not declare. */
  detach: Attachments;
}

interface PlanProblem {
  name: string;
  error: CliError;
  /** file:line the problem is at: problems are listed in the files' order. */
  where: string;
  /** A tool, datasource or LLM of the stack, not an agent. */
  resource?: boolean;
}

export interface Plan {
  resources: PlannedResource[];
  agents: PlannedAgent[];
  problems: PlanProblem[];
  /** Id (or placeholder of a resource to create) → the name to show for it. */
  linkNames: Map<string, string>;
}

function linkedIds(agent: Agent, key: StackSectionKey, idKey: string): Set<string> {
  const rows = Array.isArray(agent[key]) ? (agent[key] as Array<Record<string, unknown>>) : [];
  return new Set(rows.map((row) => row[idKey]).filter((id): id is string => typeof id === 'string'));
}

const same = (a: unknown, b: unknown) => (a ?? undefined) === (b ?? undefined);

function fieldsOf(desired: DesiredAgent): AgentFields {
  return Object.fromEntries(FIELD_KEYS.filter((key) => desired[key] !== undefined).map((key) => [key, desired[key]]));
}

const noLinks = () => Object.fromEntries(ATTACH_KINDS.map((kind) => [kind, []])) as unknown as Attachments;

/**
 * The links to attach and (when pruning) to detach, with the file's references resolved to ids;
 * every reference that does not resolve is a problem at its own line.
 */
function linkChanges(
  { agent: desired, whereOf }: LoadedStack['agents'][number],
  existing: Agent | undefined,
  catalogs: Catalogs,
  prune: boolean,
): { attach: Attachments; detach: Attachments; problems: PlanProblem[] } {
  const attach = noLinks();
  const detach = noLinks();
  const problems: PlanProblem[] = [];
  for (const { key, kind } of STACK_SECTIONS) {
    const have = existing ? linkedIds(existing, key, attachKey({ kind })) : new Set<string>();
    const wanted = new Set<string>();
    (desired[key] ?? []).forEach((reference, index) => {
      try {
        wanted.add(resolveLink(catalogs, kind, reference));
      } catch (error) {
        if (!(error instanceof CliError)) throw error;
        const where = whereOf([key, index]);
        problems.push({ name: desired.name, where, error: error.with({ message: `${where}: ${error.message}` }) });
      }
    });
    attach[kind] = [...wanted].filter((id) => !have.has(id));
    // Only kinds the file declares for this agent are pruned: no `llms:` key leaves its LLMs alone.
    if (prune && desired[key] !== undefined) detach[kind] = [...have].filter((id) => !wanted.has(id));
  }
  return { attach, detach, problems };
}

export interface PlanOptions {
  concurrency: number;
  prune?: boolean;
}

/** Each entry's `where` (file:line) prefixes its problems, so every one can be found in the file. */
export async function computePlan(client: ApiClient, stack: LoadedStack, options: PlanOptions): Promise<Plan> {
  const desired = stack.agents;
  const [existing, catalogs] = await Promise.all([listAllAgents(client), planResources(client, stack)]);
  const prune = options.prune === true;
  const byName = new Map<string, Agent[]>();
  for (const agent of existing) byName.set(agent.name ?? '', [...(byName.get(agent.name ?? '') ?? []), agent]);

  const problems: PlanProblem[] = [...catalogs.problems];
  const byId = new Map(existing.map((agent) => [agent.id, agent]));

  const planned = await mapLimit(desired, options.concurrency, async (loaded): Promise<PlannedAgent | undefined> => {
    const { agent: want, where } = loaded;
    const at = `${where}: `;
    const links = (current: Agent | undefined) => {
      const { problems: unresolved, ...changes } = linkChanges(loaded, current, catalogs, prune);
      problems.push(...unresolved);
      return unresolved.length > 0 ? undefined : changes;
    };
    // By id first (export writes ids when names collide), then by name.
    const matches =
      want.id !== undefined
        ? [byId.get(want.id)].filter((a): a is Agent => a !== undefined)
        : (byName.get(want.name) ?? []);
    if (want.id !== undefined && matches.length === 0) {
      problems.push({
        name: want.name,
        where,
        error: new CliError('not-found', `${at}agent ${want.id} ("${want.name}") not found`, {
          hint: 'Remove its id from the file to create it anew.',
        }),
      });
      return undefined;
    }
    if (matches.length > 1) {
      problems.push({
        name: want.name,
        where,
        error: new CliError(
          'usage',
          `${at}${matches.length} existing agents are named "${want.name}"; give it the id of one (export writes them)`,
          {
            details: matches.map((m) => m.id),
          },
        ),
      });
      return undefined;
    }
    const fields = fieldsOf(want);
    if (matches.length === 0) {
      const changes = links(undefined);
      return (
        changes && {
          name: want.name,
          action: 'create',
          fields,
          changed: Object.keys(fields),
          previous: {},
          ...changes,
        }
      );
    }
    // The list leaves relations out on some servers: read the agent for its links.
    const current = await getAgent(client, matches[0]!.id);
    // llmProvider is not stored on the agent, so it cannot differ.
    const changed = FIELD_KEYS.filter(
      (key) => key !== 'llmProvider' && fields[key] !== undefined && !same(fields[key], current[key]),
    );
    const update = Object.fromEntries(changed.map((key) => [key, fields[key]])) as AgentFields;
    const changes = links(current);
    if (!changes) return undefined;
    const linksChange = [...Object.values(changes.attach), ...Object.values(changes.detach)].some(
      (list) => list.length > 0,
    );
    return {
      name: want.name,
      id: current.id,
      action: changed.length > 0 || linksChange ? 'update' : 'unchanged',
      fields: update,
      changed,
      previous: Object.fromEntries(changed.map((key) => [key, current[key]])),
      ...changes,
    };
  });
  const agents = planned.filter((p): p is PlannedAgent => p !== undefined);
  return {
    resources: catalogs.planned,
    agents,
    problems: inReadingOrder(problems, stack.sources, (problem) => problem.where),
    linkNames: linkNames(catalogs),
  };
}

export function planHasChanges(plan: Plan): boolean {
  return [...plan.resources, ...plan.agents].some((entry) => entry.action !== 'unchanged');
}
