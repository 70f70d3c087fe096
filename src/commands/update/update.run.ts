import { updateAgent } from '../../api/agents.js';
import type { Context } from '../../context.js';
import { CliError } from '../../errors.js';
import { describeAgent } from '../../ui/agent-view.js';
import { AGENT } from '../../resources/agent.js';
import { readAgentFields } from '../../resources/agent-input.js';
import { flagName } from '../../resources/fields.js';
import { askUpdateFields } from '../../prompts/agent-wizard.js';
import * as z from 'zod/mini';
import { fieldFlagOptions, maybeWord, type FieldFlagOptions } from '../option-schemas.js';
import { resolveAgentId } from '../../prompts/pick.js';

const refused: readonly string[] = AGENT.patchRefuses;

export const optionsSchema = fieldFlagOptions(AGENT);
export const argumentsSchema = z.tuple([maybeWord()]);

export async function run(
  ctx: Context,
  args: z.infer<typeof argumentsSchema>,
  options: FieldFlagOptions,
): Promise<void> {
  let fields = await readAgentFields(ctx, options);
  if (fields.llmProvider !== undefined) {
    throw new CliError(
      'usage',
      'update cannot change llmProvider: the service has no such field on PATCH and would drop it',
      {
        hint: 'Change --llm-model to a model of the other provider (the service then attaches that provider’s LLM), or attach an LLM with `agents add-llm AGENT PROVIDER`.',
      },
    );
  }
  const wizard = Object.keys(fields).length === 0 && ctx.io.interactive;
  if (Object.keys(fields).length === 0 && !wizard) {
    throw new CliError('usage', 'nothing to update', {
      hint: `Pass at least one of ${AGENT.fields
        .filter((field) => !refused.includes(field.key))
        .map(flagName)
        .join(', ')} or --file.`,
    });
  }
  const client = await ctx.client();
  const agentId = await resolveAgentId(ctx, args[0], () => Promise.resolve(client));
  if (wizard) fields = await askUpdateFields(ctx, agentId, client);

  const agent = await updateAgent(client, agentId, fields);
  if (ctx.io.json) ctx.io.printJson(agent ?? { id: agentId, ...fields });
  else if (!ctx.io.quiet) {
    ctx.io.logger.success(`Updated ${Object.keys(fields).join(', ')} of agent ${agentId}`);
    if (agent) ctx.io.print(describeAgent(agent, ctx.io.stdoutTheme));
  }
  const name = agent?.name;
  if (name) await ctx.recordLocally((state) => state.rememberAgent(agentId, { name }));
}
