// One word for one thing in every help page: an argument named <agent>, <tool>, … takes the
// thing's id, a unique prefix of its id, or its name (an LLM: its provider).

export const AGENT_ARGUMENT = 'the agent: its id, an id prefix (4+ characters) or its name';
