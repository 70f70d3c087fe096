// One word for one thing in every help page: an argument named <agent>, <tool>, … takes the
// thing's id, a unique prefix of its id, or its name (an LLM: its provider).
import type { AttachKind } from '../api/agents.js';

export const AGENT_ARGUMENT = 'the agent: its id, an id prefix (4+ characters) or its name';

/** How an argument of this kind may be given. */
export function referenceWords(kind: AttachKind | 'agent'): string {
  return `an id, an id prefix or ${kind === 'llm' ? 'a provider' : 'a name'}`;
}
