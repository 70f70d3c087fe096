// What `agents destroy` deletes: the records a stack declares, found as apply finds them (by name;
// an id where the file gives one). Its agents go first, then its tools and datasources, except one
// an agent outside the stack is linked to (kept, and that agent named). LLMs are never deleted:
// the service has no route for it. Reads only, until `executeDestroy`.
import { getAgent, listAllAgents, type Agent } from '../api/agents.js';
import type { ApiClient } from '../api/client.js';
import { allResources, deleteResource, type ResourceRecord } from '../api/resources.js';
import { CliError, errorFields } from '../errors.js';
import { AGENT } from '../resources/agent.js';
import { attachKey, nameOf, type ResourceDescriptor } from '../resources/descriptor.js';
import { referenceNameOf, type LoadedStack } from './load.js';
import { mapLimit } from './pool.js';
import { STACK_SECTIONS } from './schema.js';

type DestroyAction = 'delete' | 'absent' | 'kept' | 'never';

export interface DestroyEntry {
  resource: ResourceDescriptor;
  /** As the stack names it (with its suffix). */
  name: string;
  action: DestroyAction;
  id?: string;
  /** kept: the agents outside the stack linked to it. */
  linkedBy?: string[];
  /** file:line of its entry. */
  where: string;
}

export interface DestroyPlan {
  agents: DestroyEntry[];
  resources: DestroyEntry[];
}

export interface DestroyResult {
  entry: DestroyEntry;
  error?: CliError;
}

/** The one record a declared entry names: its id when the file gives one, else its name (unique). */
function find(
  records: readonly ResourceRecord[],
  resource: ResourceDescriptor,
  declared: { id?: string; name: string },
  where: string,
): ResourceRecord | undefined {
  if (declared.id) return records.find((record) => record.id === declared.id);
  const named = records.filter((record) => nameOf(resource, record) === declared.name);
  if (named.length > 1)
    throw new CliError(
      'usage',
      `${where}: ${named.length} ${resource.noun}s are named "${declared.name}": give its id in the file to destroy one`,
    );
  return named[0];
}

export async function planDestroy(client: ApiClient, stack: LoadedStack, concurrency: number): Promise<DestroyPlan> {
  const existingAgents = await listAllAgents(client);
  const agents = stack.agents.map(({ agent, where }): DestroyEntry => {
    const found = find(existingAgents, AGENT, { id: agent.id, name: agent.name }, where);
    return {
      resource: AGENT,
      name: agent.name,
      where,
      ...(found ? { action: 'delete', id: found.id } : { action: 'absent' }),
    };
  });

  const resources: DestroyEntry[] = [];
  for (const { key, resource } of STACK_SECTIONS) {
    const declared = stack.resources[key];
    if (declared.length === 0) continue;
    if (!resource.deletable) {
      for (const entry of declared)
        resources.push({
          resource,
          name: referenceNameOf(resource, entry.resource),
          action: 'never',
          where: entry.where,
        });
      continue;
    }
    const records = await allResources(client, resource);
    for (const entry of declared) {
      const name = referenceNameOf(resource, entry.resource);
      const found = find(records, resource, { id: entry.resource.id, name }, entry.where);
      resources.push({
        resource,
        name,
        where: entry.where,
        ...(found ? { action: 'delete', id: found.id } : { action: 'absent' }),
      });
    }
  }

  // A tool or datasource stays while an agent the stack does not declare is linked to it. The
  // service's list leaves the links out, so each other agent is read (only when there is one to keep).
  const doomed = resources.filter((entry) => entry.action === 'delete');
  if (doomed.length > 0) {
    const leaving = new Set(agents.flatMap((entry) => (entry.id ? [entry.id] : [])));
    const others = existingAgents.filter((agent) => !leaving.has(agent.id));
    // An agent deleted since the list (another pull request's destroy, at the same time) links nothing.
    const read = await mapLimit(others, concurrency, (agent) =>
      getAgent(client, agent.id).catch((error: unknown) => {
        if (error instanceof CliError && error.kind === 'not-found') return undefined;
        throw error;
      }),
    );
    const still = read.filter((agent): agent is Agent => agent !== undefined);
    for (const entry of doomed) {
      const linkedBy = still.filter((agent) => linksTo(agent, entry)).map((agent) => agent.name);
      if (linkedBy.length > 0) Object.assign(entry, { action: 'kept', linkedBy });
    }
  }
  return { agents, resources };
}

function linksTo(agent: Agent, entry: DestroyEntry): boolean {
  const rows = agent[entry.resource.plural];
  if (!Array.isArray(rows)) return false;
  const key = attachKey(entry.resource);
  return rows.some((row: Record<string, unknown>) => row[key] === entry.id);
}

export const toDelete = (plan: DestroyPlan): DestroyEntry[] =>
  [...plan.agents, ...plan.resources].filter((entry) => entry.action === 'delete');

/** Deletes the plan's records: the agents first (their links go with them), then the rest. */
export async function executeDestroy(
  client: ApiClient,
  plan: DestroyPlan,
  concurrency: number,
): Promise<DestroyResult[]> {
  const remove = (entry: DestroyEntry) =>
    deleteResource(client, entry.resource, entry.id!).then(
      (): DestroyResult => ({ entry }),
      (error: unknown): DestroyResult => {
        if (!(error instanceof CliError) || error.kind === 'interrupted') throw error;
        return { entry, error };
      },
    );
  const agents = await mapLimit(
    plan.agents.filter((entry) => entry.action === 'delete'),
    concurrency,
    remove,
  );
  const resources = await mapLimit(
    plan.resources.filter((entry) => entry.action === 'delete'),
    concurrency,
    remove,
  );
  return [...agents, ...resources];
}

/** The failure of a destroy that deleted some and not others: exit 1, each failure named. */
export function destroyFailure(results: readonly DestroyResult[]): CliError | undefined {
  const failed = results.filter((result) => result.error);
  if (failed.length === 0) return undefined;
  const first = failed[0]!.error!;
  return new CliError(first.kind, `${failed.length} of ${results.length} deletions failed`, {
    details: failed.map(({ entry, error }) => `${entry.resource.noun} "${entry.name}": ${error!.message}`),
  });
}

export const resultJson = ({ entry, error }: DestroyResult) => ({
  kind: entry.resource.kind,
  name: entry.name,
  id: entry.id!,
  deleted: !error,
  ...(error && { error: errorFields(error) }),
});
