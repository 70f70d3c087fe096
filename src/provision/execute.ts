// Carries out a plan with bounded concurrency. One agent failing does not stop the others, and
// one link failing does not stop the agent's other links: what succeeded stays done, and each
// agent's result says what was done and what failed. When the service stops answering
// (connections refused, the host gone), nothing new is started: the rest is reported as not
// attempted, so the run ends in seconds instead of retrying every agent on its own.
import { attachToAgent, createAgent, updateAgent, type AttachKind } from '../api/agents.js';
import type { ApiClient } from '../api/client.js';
import { CliError } from '../errors.js';
import type { PlannedAgent } from './plan.js';
import { mapLimit } from './pool.js';

export interface LinkResult {
  kind: AttachKind;
  id: string;
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

/** The service is gone, not refusing one request: going on would only add retries. */
const serviceGone = (error: CliError) => error.kind === 'unreachable';

export async function executePlan(client: ApiClient, agents: PlannedAgent[], concurrency: number): Promise<AppliedAgent[]> {
  let stopped: CliError | undefined;
  const asCliError = (error: unknown) => (error instanceof CliError ? error : new CliError('server', (error as Error).message));

  return mapLimit(agents, concurrency, async (planned): Promise<AppliedAgent> => {
    const action = planned.action === 'create' ? 'create' : 'update';
    const result: AppliedAgent = { name: planned.name, action, id: planned.id, attempted: false, saved: false, links: [] };
    if (stopped) return { ...result, error: stopped };
    result.attempted = true;
    try {
      if (planned.action === 'create') result.id = (await createAgent(client, planned.fields)).id;
      else if (planned.changed.length > 0) await updateAgent(client, planned.id!, planned.fields);
      result.saved = true;
    } catch (error) {
      result.error = asCliError(error);
      if (serviceGone(result.error)) stopped ??= result.error;
      // A failed update leaves an agent that exists: its links are still worth trying.
      if (result.id === undefined) return result;
    }
    for (const kind of Object.keys(planned.attach) as AttachKind[]) {
      for (const targetId of planned.attach[kind]) {
        if (stopped) {
          result.links.push({ kind, id: targetId, attempted: false });
          result.error ??= stopped;
          continue;
        }
        try {
          await attachToAgent(client, kind, result.id!, targetId);
          result.links.push({ kind, id: targetId, attempted: true });
        } catch (error) {
          const failure = asCliError(error);
          result.links.push({ kind, id: targetId, attempted: true, error: failure });
          result.error ??= failure;
          if (serviceGone(failure)) stopped ??= failure;
        }
      }
    }
    return result;
  });
}
