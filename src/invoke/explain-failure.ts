// The real service answers an invoke of a missing agent with a bare 500, as it does any failure
// before the stream: one GET of the agent tells the two apart (invoke and eval both ask).
import { agentNotFound, getAgent } from '../api/agents.js';
import type { ApiClient } from '../api/client.js';
import { ApiError, CliError } from '../errors.js';

export async function explainFailure(
  client: ApiClient,
  agentId: string,
  failure: CliError,
  output: unknown,
): Promise<CliError> {
  if (!(failure instanceof ApiError) || failure.kind !== 'server' || output !== '') return failure;
  try {
    await getAgent(client, agentId, { once: true });
    return failure;
  } catch (error) {
    return error instanceof CliError && error.kind === 'not-found' ? agentNotFound(agentId) : failure;
  }
}
