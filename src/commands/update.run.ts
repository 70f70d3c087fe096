import { updateAgent } from '../api/agents.js';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { describeAgent } from '../ui/agent-view.js';
import { flagOfField, readAgentFields } from './agent-fields.js';
import type { Options } from './define.js';

export async function run(ctx: Context, args: unknown[], options: Options): Promise<void> {
  const agentId = String(args[0]);
  const fields = await readAgentFields(ctx, options);
  const changed = Object.keys(fields);
  if (changed.length === 0) {
    throw new CliError('usage', 'nothing to update', {
      hint: `Pass at least one of ${Object.values(flagOfField).join(', ')} or --file.`,
    });
  }
  const client = await ctx.client();
  const agent = await updateAgent(client, agentId, fields);
  if (agent?.name) await ctx.stateStore().rememberAgent(agentId, { name: agent.name });

  if (ctx.globals.json) return ctx.printJson(agent ?? { id: agentId, ...fields });
  if (ctx.globals.quiet) return;
  ctx.logger.success(`Updated ${changed.join(', ')} of agent ${agentId}`);
  if (agent) ctx.print(describeAgent(agent, ctx.stdoutTheme));
}
