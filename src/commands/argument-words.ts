// One word for one thing in every help page: an argument named <agent>, <tool>, … takes the
// thing's id, a unique prefix of its id, or its name (an LLM: its provider).
import { optionalArg } from '../definition/flags.js';

export const AGENT_ARGUMENT = 'the agent: its id, an id prefix (4+ characters) or its name';

/** [agent] of a command that talks to one: picked from a list on a terminal when left out. */
export const pickedAgentArg = () =>
  optionalArg('agent', `${AGENT_ARGUMENT} (picked from a list on a terminal when left out)`, {
    complete: { kind: 'known', of: 'agent' },
  });
