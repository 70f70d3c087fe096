import { deleteAgent } from '../api/agents.js';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import * as z from 'zod/mini';
import { aSwitch } from './option-schemas.js';
import { resolveAgentId } from '../prompts/pick.js';

export const optionsSchema = z.object({ yes: aSwitch() });

export async function run(ctx: Context, args: unknown[], options: z.infer<typeof optionsSchema>): Promise<void> {
  const agentId = await resolveAgentId(ctx, args[0], () => ctx.client());
  if (options.yes !== true) {
    if (!ctx.interactive) {
      throw new CliError('usage', `refusing to delete agent ${agentId} without confirmation`, { hint: 'Pass --yes to delete without asking.' });
    }
    if (!(await ctx.prompter.confirm(`Delete agent ${agentId}? This cannot be undone.`, { default: false }))) {
      throw new CliError('declined', `nothing deleted: agent ${agentId} was kept`);
    }
  }
  const deleted = await deleteAgent(await ctx.client(), agentId);
  await ctx.recordLocally((state) => state.forgetAgent(agentId));
  // One shape whether or not the service sent the deleted row (docs/json/delete.schema.json).
  if (ctx.globals.json) return ctx.printJson({ id: agentId, deleted: true, agent: deleted ?? null });
  ctx.logger.success(`Deleted agent ${agentId}`);
}
