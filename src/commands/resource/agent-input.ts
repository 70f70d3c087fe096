// An agent's fields from --file and flags, read through its descriptor, plus the one check only
// agents have: a model this CLI does not know is refused before a request is spent on it.
import { UNKNOWN_MODEL_HINT, unknownModelProblem } from '../../resources/models.js';
import type { Context } from '../../context.js';
import { CliError } from '../../errors.js';
import { AGENT, type AgentFields } from '../../resources/agent.js';
import { givenFields } from './fields.js';

export async function readAgentFields(
  ctx: Pick<Context, 'env' | 'io' | 'prompter'>,
  options: Record<string, unknown>,
): Promise<AgentFields> {
  const fields: AgentFields = await givenFields(AGENT, ctx, options);
  if (fields.llmModel !== undefined && options.allowUnknownModel !== true) assertKnownModel(fields.llmModel);
  return fields;
}

function assertKnownModel(model: string): void {
  const problem = unknownModelProblem(model);
  if (problem) throw new CliError('usage', `--llm-model: ${problem}`, { hint: UNKNOWN_MODEL_HINT });
}
