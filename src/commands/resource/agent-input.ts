// An agent's fields from --file and flags, read through its descriptor, plus the checks only
// agents have: a model this CLI does not know is refused before a request is spent on it, and a
// model whose provider the service cannot work out needs one (create) or the agent's LLM (update).
import { getAgent } from '../../api/agents.js';
import type { ApiClient } from '../../api/client.js';
import { providerToName, UNKNOWN_MODEL_HINT, unknownModelProblem } from '../../resources/models.js';
import type { Uses } from '../../context.js';
import { CliError } from '../../errors.js';
import { AGENT, type AgentFields } from '../../resources/agent.js';
import { givenFields } from './fields.js';

export async function readAgentFields(
  ctx: Uses<'env' | 'prompts'>,
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

/**
 * update --llm-model of a model the service cannot map (GPT_4_0): create is told its provider
 * (the service refuses it without one), an update cannot send one and the service leaves the
 * agent's LLM as it is, so the agent must already have an LLM of that provider.
 */
export async function assertLlmFor(client: ApiClient, id: string, model: string): Promise<void> {
  const provider = providerToName(model);
  if (!provider) return;
  const providers = linkedProviders((await getAgent(client, id)).llms);
  // A server that does not say (the spec's agent has no llms; PATCH leaves them unloaded) decides.
  if (providers === undefined || providers.includes(provider)) return;
  throw new CliError('usage', `--llm-model ${model}: the service cannot tell its provider by itself`, {
    hint: `An update cannot send --llm-provider and this agent has no ${provider} LLM: attach one first (\`agents add-llm ${id} ${provider}\`), then update.`,
  });
}

/** The providers of an agent's LLM links, or undefined when the answer does not say them. */
function linkedProviders(links: unknown): string[] | undefined {
  if (!Array.isArray(links)) return undefined;
  const providers = links.map((link) => (link as { llm?: { provider?: unknown } } | null)?.llm?.provider);
  return providers.every((provider) => typeof provider === 'string') ? providers : undefined;
}
