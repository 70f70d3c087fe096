import { detachFromAgent } from '../../../api/agents.js';
import { attachKey, type AttachableDescriptor } from '../../../resources/descriptor.js';
import type { AttachKind } from '../../../resources/registry.js';
import type { RunOf } from '../../command.js';
import { forEachId } from '../each-id.js';
import { agentNameFor, recordLabel, typedName } from '../record-label.js';
import type { detachSpec } from './definition.js';

export const detachRun =
  (resource: AttachableDescriptor): RunOf<ReturnType<typeof detachSpec>> =>
  async ({ agent, records }, ctx) => {
    const kind = resource.kind as AttachKind;
    const agentId = await ctx.resolve('agent', agent);
    const agentLabel = recordLabel(agentNameFor(ctx, agentId, agent), agentId);
    const ids: string[] = [];
    const labels = new Map<string, string>();
    for (const reference of new Set(records.filter(Boolean))) {
      const id = await ctx.resolve(kind, reference);
      ids.push(id);
      labels.set(id, recordLabel(typedName(reference, id), id));
    }
    const client = await ctx.client();
    const idKey = attachKey(resource);
    await forEachId(
      ctx,
      ids,
      async (id) => {
        await detachFromAgent(client, kind, agentId, id);
        ctx.io.logger.success(`Detached ${resource.noun} ${labels.get(id)} from agent ${agentLabel}`);
        return { agentId, [idKey]: id, detached: true };
      },
      (id, error) => ({ agentId, [idKey]: id, detached: false, error }),
    );
  };
