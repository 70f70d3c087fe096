// Carries out a plan with bounded concurrency: the tools, datasources and LLMs first, then the
// agents, then their links. One failure does not stop the rest: an agent still gets its other
// links, and each result says what was done and what failed. When the service stops answering
// (connections refused, the host gone), nothing new is started: the rest is reported as not
// attempted, so the run ends in seconds instead of retrying every agent on its own.
import { attachToAgent, createAgent, detachFromAgent, updateAgent } from '../api/agents.js';
import { ATTACHABLE_OF, type AttachKind } from '../resources/registry.js';
import type { ApiClient } from '../api/client.js';
import { createResource, updateResource } from '../api/resources.js';
import { CliError } from '../errors.js';
import type { Plan, PlannedAgent } from './plan.js';
import { mapLimit } from './pool.js';
import { NEW_PREFIX, type PlannedResource } from './resource-plan.js';

export interface LinkResult {
  kind: AttachKind;
  id: string;
  /** attach, or detach (--prune). */
  change: 'attach' | 'detach';
  /** False when the run stopped before this link's turn. */
  attempted: boolean;
  error?: CliError;
}

export interface AppliedAgent {
  name: string;
  action: 'create' | 'update';
  id?: string;
  /** Whether anything was sent for it: false when the run stopped before its turn. */
  attempted: boolean;
  /** Whether the agent itself was created or updated (its fields). */
  saved: boolean;
  /** Every link tried, in the file's order. */
  links: LinkResult[];
  /** The first failure, which decides the exit code. */
  error?: CliError;
}

interface AppliedResource {
  kind: AttachKind;
  name: string;
  action: 'create' | 'update';
  id?: string;
  attempted: boolean;
  error?: CliError;
}

export interface Applied {
  resources: AppliedResource[];
  agents: AppliedAgent[];
}

/** The service is gone, not refusing one request: going on would only add retries. */
const serviceGone = (error: CliError) => error.kind === 'unreachable';
const asCliError = (error: unknown) =>
  error instanceof CliError ? error : new CliError('server', (error as Error).message);

export async function executePlan(client: ApiClient, plan: Plan, concurrency: number): Promise<Applied> {
  let stopped: CliError | undefined;
  const fail = (error: unknown) => {
    const failure = asCliError(error);
    if (serviceGone(failure)) stopped ??= failure;
    return failure;
  };

  const resources = await mapLimit(
    plan.resources.filter((r) => r.action !== 'unchanged'),
    concurrency,
    async (planned: PlannedResource): Promise<AppliedResource> => {
      const result: AppliedResource = {
        kind: planned.kind,
        name: planned.name,
        action: planned.action === 'create' ? 'create' : 'update',
        id: planned.id,
        attempted: false,
      };
      if (stopped) return { ...result, error: stopped };
      result.attempted = true;
      try {
        if (planned.action === 'create')
          result.id = (await createResource(client, planned.resource, planned.fields)).id;
        else await updateResource(client, planned.resource, planned.current!, planned.fields);
      } catch (error) {
        result.error = fail(error);
      }
      return result;
    },
  );
  // What the file calls a resource it creates, now that it has an id (or why it has none).
  const created = new Map(
    plan.resources.map((p) => [p.placeholder, resources.find((r) => r.kind === p.kind && r.name === p.name)]),
  );
  const idOf = (kind: AttachKind, id: string): string => {
    if (!id.startsWith(NEW_PREFIX)) return id;
    const made = created.get(id);
    if (made?.id && !made.error) return made.id;
    const name = id.slice(NEW_PREFIX.length + kind.length + 1);
    throw new CliError(
      made?.error?.kind ?? 'server',
      `${ATTACHABLE_OF[kind].noun} "${name}" was not created${made?.error ? ` (${made.error.message})` : ''}`,
    );
  };

  const agents = await mapLimit(
    plan.agents.filter((a) => a.action !== 'unchanged'),
    concurrency,
    async (planned: PlannedAgent): Promise<AppliedAgent> => {
      const action = planned.action === 'create' ? 'create' : 'update';
      const result: AppliedAgent = {
        name: planned.name,
        action,
        id: planned.id,
        attempted: false,
        saved: false,
        links: [],
      };
      if (stopped) return { ...result, error: stopped };
      result.attempted = true;
      try {
        if (planned.action === 'create') result.id = (await createAgent(client, planned.fields)).id;
        else if (planned.changed.length > 0) await updateAgent(client, planned.id!, planned.fields);
        result.saved = true;
      } catch (error) {
        result.error = fail(error);
        // A failed update leaves an agent that exists: its links are still worth trying.
        if (result.id === undefined) return result;
      }
      const links = (['attach', 'detach'] as const).flatMap((change) =>
        (Object.keys(planned[change]) as AttachKind[]).flatMap((kind) =>
          planned[change][kind].map((id) => ({ kind, id, change })),
        ),
      );
      for (const { kind, id, change } of links) {
        if (stopped) {
          result.links.push({ kind, id, change, attempted: false });
          result.error ??= stopped;
          continue;
        }
        try {
          const target = idOf(kind, id);
          if (change === 'attach') await attachToAgent(client, kind, result.id!, target);
          else await detachFromAgent(client, kind, result.id!, target);
          result.links.push({ kind, id: target, change, attempted: true });
        } catch (error) {
          const failure = fail(error);
          result.links.push({ kind, id, change, attempted: true, error: failure });
          result.error ??= failure;
        }
      }
      return result;
    },
  );
  return { resources, agents };
}
