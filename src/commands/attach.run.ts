import { attachRoute, attachToAgent, type AttachKind } from '../api/agents.js';
import type { Context } from '../context.js';
import type { CommandModule, Options } from './define.js';
import { resolveAgentId, resolveResourceIds } from './pick.js';

export type { AttachKind };

const noun: Record<AttachKind, string> = { tool: 'tool', datasource: 'datasource', llm: 'LLM' };
const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1);

export function attachModule(kind: AttachKind): CommandModule {
  return {
    async run(ctx: Context, args: unknown[], _options: Options): Promise<void> {
      const client = await ctx.client();
      const agentId = await resolveAgentId(ctx, args[0], async () => client);
      const ids = await resolveResourceIds(ctx, kind, args[1], client);
      const results: unknown[] = [];
      for (const id of new Set(ids)) {
        const { record, alreadyAttached } = await attachToAgent(client, kind, agentId, id);
        results.push(record ?? { agentId, [attachRoute[kind].bodyKey]: id, attached: true, ...(alreadyAttached && { alreadyAttached }) });
        if (!ctx.globals.json) {
          ctx.logger.success(
            alreadyAttached
              ? `${capitalized(noun[kind])} ${id} was already attached to agent ${agentId}`
              : `Attached ${noun[kind]} ${id} to agent ${agentId}`,
          );
        }
      }
      if (ctx.globals.json) ctx.printJson(results.length === 1 ? results[0] : results);
    },
  };
}
