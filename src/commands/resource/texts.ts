// How a kind's commands are named and described: `list` for agents (the CLI's own noun), `tools
// list` for the others; the words of their help come from the descriptor, a spec may override them.
import { AGENT } from '../../resources/agent.js';
import type { ResourceDescriptor } from '../../resources/descriptor.js';
import { referenceWords } from '../../resources/registry.js';
import { AGENT_ARGUMENT } from '../argument-words.js';

export type Verb = 'list' | 'get' | 'create' | 'update' | 'delete';

/** What a spec of the registry may say in its own words, over the generic ones. */
export interface Texts {
  summary?: string;
  description?: string;
  examples?: readonly string[];
}

export const isAgent = (resource: ResourceDescriptor) => resource.kind === AGENT.kind;

/** `list` for agents, `tools list` for tools. */
export const verbPath = (resource: ResourceDescriptor, verb: string) =>
  isAgent(resource) ? verb : `${resource.plural} ${verb}`;

/** `add-tool`: attaches one to an agent. */
export const attachPath = (resource: ResourceDescriptor) => `add-${resource.kind}`;

/** `remove-tool`: detaches one from an agent. */
export const detachPath = (resource: ResourceDescriptor) => `remove-${resource.kind}`;

/** The name of a --json document's schema in docs/json/. */
export const documentName = (resource: ResourceDescriptor, what: 'record' | 'list') =>
  what === 'record' ? resource.kind : isAgent(resource) ? 'list' : `${resource.kind}-list`;

/** "an LLM", "a tool". */
export const withArticle = (noun: string) => `${/^[aeiou]|^LLM/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** The help of the argument that names one record. */
export const recordArgumentHelp = (resource: ResourceDescriptor) =>
  `${isAgent(resource) ? AGENT_ARGUMENT : `the ${resource.noun}: ${referenceWords(resource)}`} (picked from a list on a terminal when left out)`;
