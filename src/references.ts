// References: an agent, tool, datasource or LLM named by its id, a unique id prefix of 4+
// characters, or its exact name (an LLM's provider). apply resolves its file's links with this;
// the commands' arguments will too (issue 15, not done yet).
import type { AttachKind } from './api/agents.js';
import { CliError } from './errors.js';

export type ReferenceKind = 'agent' | AttachKind;

export interface Candidate {
  id: string;
  name: string;
}

const MIN_PREFIX = 4;

const wording: Record<ReferenceKind, { noun: string; list: string; by: string }> = {
  agent: { noun: 'agent', list: 'agents list', by: 'name' },
  tool: { noun: 'tool', list: 'agents tools list', by: 'name' },
  datasource: { noun: 'datasource', list: 'agents datasources list', by: 'name' },
  llm: { noun: 'LLM', list: 'agents llms list', by: 'provider' },
};

/**
 * The one candidate a reference names: the same id, else the same name, else the one id it
 * starts (4+ characters). Two or more is ambiguous (exit 2, listing them); none is not found (exit 5).
 * `alsoLookedIn` names where else it was looked for, for the message (apply: "the file").
 */
export function matchReference(kind: ReferenceKind, candidates: readonly Candidate[], reference: string, alsoLookedIn?: string): string {
  const { noun, list, by } = wording[kind];
  if (candidates.some((c) => c.id === reference)) return reference;
  const byName = candidates.filter((c) => c.name === reference);
  const found = byName.length > 0 ? byName : reference.length >= MIN_PREFIX ? candidates.filter((c) => c.id.startsWith(reference)) : [];
  if (found.length === 1) return found[0]!.id;
  if (found.length > 1) {
    throw new CliError('usage', `${noun} "${reference}" is ambiguous: ${found.length} match`, {
      details: found.map((c) => `${c.id}  ${c.name}`),
      hint: 'Use the id, or a longer prefix of it.',
    });
  }
  const elsewhere = alsoLookedIn ? `not in ${alsoLookedIn}, and ` : '';
  throw new CliError('not-found', `${noun} "${reference}" not found: ${elsewhere}no ${noun} has that id, ${by} or id prefix`, { hint: `\`${list}\` shows them.` });
}
