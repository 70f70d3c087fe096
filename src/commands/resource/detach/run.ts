import { detachFromAgent } from '../../../api/agents.js';
import { attachKey, type AttachableDescriptor } from '../../../resources/descriptor.js';
import type { AttachKind } from '../../../resources/registry.js';
import type { RunOf } from '../../command.js';
import { forEachId } from '../each-id.js';
import type { detachSpec } from './spec.js';

export const detachRun =
  (resource: AttachableDescriptor): RunOf<ReturnType<typeof detachSpec>> =>
  async ({ agent, records }, ctx) => {
    const kind = resource.kind as AttachKind;
    const agentId = await ctx.resolve('agent', agent);
    const ids: string[] = [];
    for (const reference of new Set(records.filter(Boolean))) ids.push(await ctx.resolve(kind, reference));
    const client = await ctx.client();
    const idKey = attachKey(resource);
    await forEachId(
      ctx,
      ids,
      async (id) => {
        await detachFromAgent(client, kind, agentId, id);
        ctx.io.logger.success(`Detached ${resource.noun} ${id} from agent ${agentId}`);
        return { agentId, [idKey]: id, detached: true };
      },
      (id, error) => ({ agentId, [idKey]: id, detached: false, error }),
    );
  };
