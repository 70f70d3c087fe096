// What the generic verbs (list, get, create, update, delete) do for every kind, and the hooks for
// what is a kind's own: agents read their records through their schema, are created and changed
// through the wizard on a terminal, and show their tools, datasources and LLMs. A new kind needs
// none of this: its descriptor in resources/registry.ts gives it every verb.
import { createAgent, deleteAgent, getAgent, listAgentsPaged, updateAgent } from '../../api/agents.js';
import type { ApiClient } from '../../api/client.js';
import { collect } from '../../api/paging.js';
import {
  createResource,
  deleteResource,
  getResource,
  listResources,
  updateResource,
  type ResourceRecord,
} from '../../api/resources.js';
import type { Uses } from '../../context.js';
import { CliError } from '../../errors.js';
import { AGENT } from '../../resources/agent.js';
import type { ResourceDescriptor } from '../../resources/descriptor.js';
import { describeAgentWithLinks, describeResource } from '../../resources/view.js';
import type { Theme } from '../../ui/theme.js';
import { assertLlmFor, readAgentFields } from './agent-input.js';
import { completeFields, givenFields } from './fields.js';

type Fields = Record<string, unknown>;

/** The wire calls of a kind: every kind's, agents' through their own schema and hints. */
interface Wire {
  list(client: ApiClient, limit: number): Promise<ResourceRecord[]>;
  get(client: ApiClient, id: string): Promise<ResourceRecord>;
  create(client: ApiClient, fields: Fields): Promise<ResourceRecord>;
  /** The updated record; undefined when the service answered without one. */
  update(client: ApiClient, id: string, changes: Fields): Promise<ResourceRecord | undefined>;
  delete(client: ApiClient, id: string): Promise<unknown>;
}

export interface KindHooks {
  wire: Wire;
  /** The fields a create or update was given (--file, flags, secrets), checked. */
  read(ctx: Uses<'env' | 'prompts'>, options: Record<string, unknown>): Promise<Fields>;
  /** create: asks on a terminal for what is missing; `reviewed` when a person confirmed a summary. */
  complete(
    ctx: Uses<'env' | 'prompts'>,
    fields: Fields,
    options: Record<string, unknown>,
  ): Promise<{ fields: Fields; reviewed: boolean }>;
  /** update with no field given, on a terminal: the fields a person picks and answers; else undefined. */
  askUpdate?(ctx: Uses<'env' | 'prompts'>, id: string, client: ApiClient): Promise<Fields>;
  /** A refused update field, said in the kind's own words (else the generic refusal). */
  refusal?(refused: readonly string[]): CliError;
  /** A failed create after the wizard: what to run to send the same answers again. */
  resendHint?(fields: Fields): Promise<string>;
  /** The detail view of one record. */
  view(record: ResourceRecord, theme: Theme): string;
}

const genericWire = (resource: ResourceDescriptor): Wire => ({
  list: (client, limit) => collect(listResources(client, resource, { limit })),
  get: (client, id) => getResource(client, resource, id),
  create: (client, fields) => createResource(client, resource, fields),
  // The service's PATCH needs some fields resent, and its "not found" is unreliable: read first.
  update: async (client, id, changes) =>
    updateResource(client, resource, await getResource(client, resource, id), changes),
  delete: (client, id) => deleteResource(client, resource, id),
});

const genericHooks = (resource: ResourceDescriptor): KindHooks => ({
  wire: genericWire(resource),
  read: (ctx, options) => givenFields(resource, ctx, options),
  complete: async (ctx, fields) => ({ fields: await completeFields(resource, ctx, fields), reviewed: false }),
  view: (record, theme) => describeResource(resource, record, theme),
});

const agentWire: Wire = {
  list: (client, limit) => collect(listAgentsPaged(client, { limit, pageSize: 50 })),
  get: (client, id) => getAgent(client, id),
  create: (client, fields) => createAgent(client, fields),
  update: async (client, id, changes) => {
    if (typeof changes.llmModel === 'string') await assertLlmFor(client, id, changes.llmModel);
    return updateAgent(client, id, changes);
  },
  delete: (client, id) => deleteAgent(client, id),
};

const wizard = () => import('../../prompts/agent-wizard.js');

const agentHooks: KindHooks = {
  wire: agentWire,
  read: (ctx, options) => readAgentFields(ctx, options),
  // The wizard's code loads only when someone can answer it: off a terminal it asks nothing.
  complete: async (ctx, fields, options) =>
    ctx.io.interactive
      ? (await wizard()).completeCreateFields(ctx, fields, { allowUnknownModel: options.allowUnknownModel === true })
      : { fields, reviewed: false },
  askUpdate: async (ctx, id, client) => (await wizard()).askUpdateFields(ctx, id, client),
  refusal: () =>
    new CliError(
      'usage',
      'update cannot change llmProvider: the service has no such field on PATCH and would drop it',
      {
        hint: 'Change --llm-model to a model of the other provider (the service then attaches that provider’s LLM), or attach an LLM with `agents add-llm AGENT PROVIDER`.',
      },
    ),
  resendHint: async (fields) => `Your answers, to send again: ${(await wizard()).createCommandLine(fields)}`,
  view: (record, theme) => describeAgentWithLinks(record, theme),
};

export const hooksOf = (resource: ResourceDescriptor): KindHooks =>
  resource.kind === AGENT.kind ? agentHooks : genericHooks(resource);
