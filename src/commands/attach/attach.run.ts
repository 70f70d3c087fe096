import { attachToAgent } from '../../api/agents.js';
import type { Context } from '../../context.js';
import * as z from 'zod/mini';
import type { CommandModule } from '../define.js';
import { forEachId } from '../each-id.js';
import { maybeWord, noOptions, someWords } from '../option-schemas.js';
import { attachKey } from '../../resources/descriptor.js';
import { ATTACHABLE_OF, type AttachKind } from '../../resources/registry.js';
import { resolveAgentId, resolveResourceIds } from '../../prompts/pick.js';
import { capitalized } from '../../util/text-of.js';

const noun = (kind: AttachKind) => ATTACHABLE_OF[kind].noun;

export const argumentsSchema = z.tuple([maybeWord(), someWords()]);

export function attachModule(
  kind: AttachKind,
): CommandModule<z.infer<typeof noOptions>, z.infer<typeof argumentsSchema>> {
  return {
    optionsSchema: noOptions,
    argumentsSchema,
    async run(ctx: Context, [agent, references]): Promise<void> {
      const client = await ctx.client();
      const agentId = await resolveAgentId(ctx, agent, () => Promise.resolve(client));
      const ids = [...new Set(await resolveResourceIds(ctx, kind, references, client))]; // references (names, prefixes, ids)
      const idKey = attachKey(ATTACHABLE_OF[kind]);
      // The id a reference named, once known: a failed attach reports it rather than the name.
      const resolved = new Map<string, string>();
      await forEachId(
        ctx,
        ids,
        async (reference) => {
          const id = await ctx.resolve(kind, reference);
          resolved.set(reference, id);
          const { alreadyAttached } = await attachToAgent(client, kind, agentId, id);
          ctx.io.logger.success(
            alreadyAttached
              ? `${capitalized(noun(kind))} ${id} was already attached to agent ${agentId}`
              : `Attached ${noun(kind)} ${id} to agent ${agentId}`,
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
    },
  };
}
