import * as z from 'zod/mini';
import { getAgent } from '../../api/agents.js';
import type { Context } from '../../context.js';
import { describeAgent, describeLinks } from '../../ui/agent-view.js';
import { resolveAgentId } from '../../prompts/pick.js';
import { maybeWord, noOptions } from '../option-schemas.js';

export const optionsSchema = noOptions;
export const argumentsSchema = z.tuple([maybeWord()]);

export async function run(ctx: Context, args: z.infer<typeof argumentsSchema>): Promise<void> {
  const client = await ctx.client();
  const agentId = await resolveAgentId(ctx, args[0], () => Promise.resolve(client));
  const agent = await getAgent(client, agentId);
  // The real service nests each linked LLM with its provider API key, and tools their keys in metadata.
  const safe = ctx.io.shown(agent);
  ctx.io.result(safe, {
    quiet: () => agent.id,
    human: () =>
      [describeAgent(safe, ctx.io.stdoutTheme), describeLinks(safe, ctx.io.stdoutTheme)].filter(Boolean).join('\n'),
  });
  const name = agent.name;
  if (name) await ctx.recordLocally((state) => state.rememberAgent(agent.id, { name }));
}
