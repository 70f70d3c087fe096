// How add-* and remove-* name what they link, and the id their examples use.
import type { AttachKind } from '../api/agents.js';

export const LINK_WORDING: Record<AttachKind, { noun: string; exampleId: string }> = {
  tool: { noun: 'tool', exampleId: '5b0d6a7e-tool-id' },
  datasource: { noun: 'datasource', exampleId: '9c1e2f3a-datasource-id' },
  llm: { noun: 'LLM', exampleId: 'a2b4c6d8-llm-id' },
};
