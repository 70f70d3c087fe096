import { createAgent, getAgent, listAllAgents, type Agent } from '../../api/agents.js';
import { existingByName } from '../../resources/if-missing.js';
import type { Context } from '../../context.js';
import { describeAgent } from '../../ui/agent-view.js';
import { AGENT } from '../../resources/agent.js';
import { readAgentFields } from '../../resources/agent-input.js';
import { requireFields } from '../../resources/fields.js';
import { completeCreateFields, createCommandLine } from '../../prompts/agent-wizard.js';
import { CliError } from '../../errors.js';
import { fieldFlagOptions, noArguments, type FieldFlagOptions } from '../option-schemas.js';

export const optionsSchema = fieldFlagOptions(AGENT);
export const argumentsSchema = noArguments;

export async function run(ctx: Context, _args: [], options: FieldFlagOptions): Promise<void> {
  const { fields, reviewed } = await completeCreateFields(ctx, await readAgentFields(ctx, options), {
    allowUnknownModel: options.allowUnknownModel === true,
  });
  requireFields(AGENT, fields);
  const client = await ctx.client();
  if (options.ifMissing) {
    const existing = existingByName(await listAllAgents(client), (agent) => agent.name, fields.name, 'agent');
    if (existing) {
      ctx.io.logger.info(`Agent ${fields.name} exists already: nothing created`);
      printCreated(ctx, await getAgent(client, existing.id), fields.name, false, false);
      return ctx.recordLocally((state) => state.rememberAgent(existing.id, { name: fields.name }));
    }
  }
  const agent = await createAgent(client, fields).catch((error: unknown) => {
    // Answers typed into the wizard are not lost with a failed request: say how to send them again.
    if (reviewed && error instanceof CliError)
      error.hint = [error.hint, `Your answers, to send again: ${createCommandLine(fields)}`].filter(Boolean).join(' ');
    throw error;
  });
  const name = agent.name ?? fields.name;
  printCreated(ctx, agent, name, reviewed);
  // The id is out first: a retry after a failure here would make a duplicate agent.
  await ctx.recordLocally((state) => state.rememberAgent(agent.id, { name }));
}

function printCreated(ctx: Context, agent: Agent, name: string | undefined, reviewed: boolean, created = true): void {
  ctx.io.result(agent, {
    quiet: () => agent.id,
    human: () => {
      if (created) ctx.io.logger.success(`Created agent ${name}`);
      // After the wizard's summary the id is the one new fact: the rest would repeat what is on the screen.
      return reviewed ? agent.id : describeAgent(agent, ctx.io.stdoutTheme);
    },
  });
}
