import { deleteAgent } from '../../api/agents.js';
import type { Context } from '../../context.js';
import * as z from 'zod/mini';
import { aSwitch, maybeWord } from '../option-schemas.js';
import { resolveAgentId } from '../../prompts/pick.js';
import { confirmDeletion } from '../../prompts/confirm-delete.js';

export const optionsSchema = z.object({ yes: aSwitch() });
export const argumentsSchema = z.tuple([maybeWord()]);

export async function run(
  ctx: Context,
  args: z.infer<typeof argumentsSchema>,
  options: z.infer<typeof optionsSchema>,
): Promise<void> {
  const agentId = await resolveAgentId(ctx, args[0], () => ctx.client());
  await confirmDeletion(ctx, `agent ${agentId}`, options.yes);
  const deleted = await deleteAgent(await ctx.client(), agentId);
  await ctx.recordLocally((state) => state.forgetAgent(agentId));
  // One shape whether or not the service sent the deleted row (docs/json/delete.schema.json).
  if (ctx.io.json) return ctx.io.printJson({ id: agentId, deleted: true, agent: deleted ?? null });
  ctx.io.logger.success(`Deleted agent ${agentId}`);
}
