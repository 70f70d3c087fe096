// The agent's writable fields, described once. Flags, the request schema, the wizard,
// the views, the apply format and export all derive from this list.
import { KNOWN_LLM_MODELS, LLM_PROVIDERS } from './models.js';
import type { FieldValues, ResourceDescriptor } from './descriptor.js';

export const AGENT = {
  kind: 'agent',
  noun: 'agent',
  plural: 'agents',
  command: 'agents',
  segment: 'agents',
  nameKey: 'name',
  paged: true,
  deletable: true,
  patchResends: [],
  patchRefuses: ['llmProvider'],
  columns: ['name', 'llmModel', 'isActive'],
  shownToo: [],
  fields: [
    { key: 'name', flag: 'name', label: 'Name', type: 'text', required: true, description: 'name of the agent' },
    {
      key: 'description',
      flag: 'description',
      label: 'Description',
      type: 'text',
      required: true,
      blankable: true,
      description: 'what the agent does',
    },
    {
      key: 'llmModel',
      flag: 'llm-model',
      label: 'LLM model',
      viewLabel: 'model',
      type: 'text',
      required: true,
      suggestions: KNOWN_LLM_MODELS,
      description: 'language model, e.g. GPT_4_TURBO',
    },
    {
      key: 'llmProvider',
      flag: 'llm-provider',
      label: 'LLM provider',
      viewLabel: 'provider', // sent on create only; the service does not store it on the agent
      type: 'text',
      askedWhenNeeded: true,
      suggestions: LLM_PROVIDERS,
      description: 'provider for a model the service cannot map itself (OPENAI, ANTHROPIC, …)',
    },
    {
      key: 'prompt',
      flag: 'prompt',
      label: 'Prompt',
      type: 'text',
      blankable: true,
      multiline: true,
      description: 'system prompt',
    },
    {
      key: 'initialMessage',
      flag: 'initial-message',
      label: 'Initial message',
      type: 'text',
      blankable: true,
      description: 'first message shown to users',
    },
    {
      key: 'avatar',
      flag: 'avatar',
      label: 'Avatar URL',
      viewLabel: 'avatar',
      type: 'text',
      blankable: true,
      description: 'avatar image URL',
    },
    { key: 'isActive', flag: 'active', label: 'Active', type: 'boolean', description: 'mark the agent active' },
  ],
} as const satisfies ResourceDescriptor;

export type AgentFields = FieldValues<typeof AGENT>;
