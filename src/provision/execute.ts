// Carries out a plan with bounded concurrency. One agent failing does not stop the
// others; what succeeded stays done.
import { attachToAgent, createAgent, updateAgent, type AttachKind } from '../api/agents.js';
import type { ApiClient } from '../api/client.js';
import { CliError } from '../errors.js';
import type { PlannedAgent } from './plan.js';
import { mapLimit } from './pool.js';

export interface AppliedAgent {
  name: string;
  action: PlannedAgent['action'];
  id?: string;
  error?: CliError;
}

export async function executePlan(client: ApiClient, agents: PlannedAgent[], concurrency: number): Promise<AppliedAgent[]> {
  return mapLimit(agents, concurrency, async (planned) => {
    let id = planned.id;
    try {
      if (planned.action === 'create') id = (await createAgent(client, planned.fields)).id;
      else if (planned.action === 'update' && planned.changed.length > 0) await updateAgent(client, id!, planned.fields);
      for (const kind of Object.keys(planned.attach) as AttachKind[]) {
        for (const targetId of planned.attach[kind]) await attachToAgent(client, kind, id!, targetId);
      }
      return { name: planned.name, action: planned.action, id };
    } catch (error) {
      const failure = error instanceof CliError ? error : new CliError('server', (error as Error).message);
      return { name: planned.name, action: planned.action, id, error: failure };
    }
  });
}
