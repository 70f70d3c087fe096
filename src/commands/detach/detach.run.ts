import { detachFromAgent } from '../../api/agents.js';
import type { Context } from '../../context.js';
import * as z from 'zod/mini';
import type { CommandModule } from '../define.js';
import { forEachId } from '../each-id.js';
import { aWord, noOptions, someWords } from '../option-schemas.js';
import { attachKey } from '../../resources/descriptor.js';
import { ATTACHABLE_OF, type AttachKind } from '../../resources/registry.js';

const noun = (kind: AttachKind) => ATTACHABLE_OF[kind].noun;

export const argumentsSchema = z.tuple([aWord(), someWords()]);

export function detachModule(
  kind: AttachKind,
): CommandModule<z.infer<typeof noOptions>, z.infer<typeof argumentsSchema>> {
  return {
    optionsSchema: noOptions,
    argumentsSchema,
    async run(ctx: Context, [agent, references]): Promise<void> {
      const agentId = await ctx.resolve('agent', agent);
      const ids: string[] = [];
      for (const reference of new Set(references.filter(Boolean))) ids.push(await ctx.resolve(kind, reference));
      const client = await ctx.client();
      const idKey = attachKey(ATTACHABLE_OF[kind]);
      await forEachId(
        ctx,
        ids,
        async (id) => {
          await detachFromAgent(client, kind, agentId, id);
          ctx.io.logger.success(`Detached ${noun(kind)} ${id} from agent ${agentId}`);
          return { agentId, [idKey]: id, detached: true };
        },
        (id, error) => ({ agentId, [idKey]: id, detached: false, error }),
      );
    },
  };
}
