// How add-* and remove-* name what they attach, and what their examples attach (the emulator's
// seeded records, by name, as the docs use them).
import type { AttachKind } from '../api/agents.js';

export const ATTACH_WORDING: Record<AttachKind, { noun: string; exampleName: string }> = {
  tool: { noun: 'tool', exampleName: 'weather' },
  datasource: { noun: 'datasource', exampleName: 'handbook.pdf' },
  llm: { noun: 'LLM', exampleName: 'OPENAI' },
};
