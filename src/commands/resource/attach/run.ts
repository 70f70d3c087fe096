import { attachToAgent } from '../../../api/agents.js';
import { resolveAgentId, resolveResourceIds } from '../../../prompts/pick.js';
import { attachKey, type AttachableDescriptor } from '../../../resources/descriptor.js';
import type { AttachKind } from '../../../resources/registry.js';
import { capitalized } from '../../../util/text-of.js';
import type { RunOf } from '../../command.js';
import { forEachId } from '../each-id.js';
import { agentNameFor, recordLabel, typedName } from '../record-label.js';
import type { attachSpec } from './definition.js';

export const attachRun =
  (resource: AttachableDescriptor): RunOf<ReturnType<typeof attachSpec>> =>
  async ({ agent, records }, ctx) => {
    const kind = resource.kind as AttachKind;
    const client = await ctx.client();
    const agentId = await resolveAgentId(ctx, agent, () => Promise.resolve(client));
    const agentLabel = recordLabel(agentNameFor(ctx, agentId, typeof agent === 'string' ? agent : undefined), agentId);
    const references = [...new Set(await resolveResourceIds(ctx, kind, records, client))];
    const idKey = attachKey(resource);
    // The id a reference named, once known: a failed attach reports it rather than the name.
    const resolved = new Map<string, string>();
    await forEachId(
      ctx,
      references,
      async (reference) => {
        const id = await ctx.resolve(kind, reference);
        resolved.set(reference, id);
        const { alreadyAttached } = await attachToAgent(client, kind, agentId, id);
        const label = recordLabel(typedName(reference, id), id);
        ctx.io.logger.success(
          alreadyAttached
            ? `${capitalized(resource.noun)} ${label} was already attached to agent ${agentLabel}`
            : `Attached ${resource.noun} ${label} to agent ${agentLabel}`,
        );
        return { agentId, [idKey]: id, attached: true, alreadyAttached };
      },
      (reference, error) => ({
        agentId,
        [idKey]: resolved.get(reference) ?? reference,
        attached: false,
        alreadyAttached: false,
        error,
      }),
    );
  };
