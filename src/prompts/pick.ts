// Filling in a missing agent id or resource ids: pick from the service's lists on a
// terminal, or fail naming the argument when no one can answer.
import { listAgentsPaged } from '../api/agents.js';
import { collect } from '../api/paging.js';
import { allResources } from '../api/resources.js';
import { ATTACHABLE_OF, referenceWords, type AttachKind } from '../resources/registry.js';
import type { ApiClient } from '../api/client.js';
import type { Asker } from './asker.js';
import { CliError } from '../errors.js';
import { escapeControls } from '../ui/safe-text.js';
import { nameOf, type ResourceDescriptor } from '../resources/descriptor.js';
import type { ResourceRecord } from '../resources/descriptor.js';
import { capitalized } from '../util/text-of.js';

/** A picker asks, and reads a reference (an id, a prefix, a name) when one is given. */
type Picker = Asker & { resolve(kind: ResourceDescriptor | AttachKind | 'agent', reference: string): Promise<string> };

/** The pickers search as you type, so a long list is fine; past this many, type the name or id. */
const PICKER_MOST = 1000;

/**
 * The id of the record an argument names; with none given, on a terminal, one picked from the
 * kind's records (or typed when there are none to list); elsewhere exit 2 naming the argument.
 */
export async function resolveRecordId(
  ctx: Picker,
  resource: ResourceDescriptor,
  given: string | undefined,
  list: () => Promise<ResourceRecord[]>,
): Promise<string> {
  if (given !== undefined && given.trim()) return ctx.resolve(resource, given.trim());
  const listed = `\`${resource.command} list\` shows them.`;
  if (!ctx.io.interactive)
    throw new CliError('usage', `missing <${resource.kind}>`, {
      hint: `Pass the ${resource.noun} (${referenceWords(resource)}); ${listed}`,
    });
  const records = await list().catch(() => []); // cannot list: let the person type it
  if (records.length === 0)
    return ctx.prompter
      .text(`${capitalized(resource.noun)} id`, { validate: (v) => (v.trim() ? true : 'must not be empty') })
      .then((v) => v.trim());
  return ctx.prompter.choose(
    capitalized(resource.noun),
    records.slice(0, PICKER_MOST).map((record) => ({
      value: record.id,
      name: `${escapeControls(nameOf(resource, record) || '(no name)')}  ${ctx.io.theme.muted(escapeControls(record.id))}`,
    })),
    { allowOther: true },
  );
}

export async function resolveAgentId(ctx: Picker, given: unknown, client: () => Promise<ApiClient>): Promise<string> {
  if (typeof given === 'string' && given) return ctx.resolve('agent', given);
  if (!ctx.io.interactive)
    throw new CliError('usage', 'missing <agent>', {
      hint: 'Pass the agent (an id, id prefix or name); `agents list` shows them.',
    });
  const agents = await collect(listAgentsPaged(await client(), { limit: PICKER_MOST, pageSize: 100 })).catch(() => []); // cannot list: let the person type it
  if (agents.length === 0)
    return ctx.prompter
      .text('Agent id', { validate: (v) => (v.trim() ? true : 'must not be empty') })
      .then((v) => v.trim());
  return ctx.prompter.choose(
    'Agent',
    agents.map((agent) => ({
      value: agent.id,
      name: `${escapeControls(agent.name ?? '(no name)')}  ${ctx.io.theme.muted(escapeControls(agent.id))}`,
    })),
    { allowOther: true },
  );
}

export async function resolveResourceIds(
  ctx: Picker,
  kind: AttachKind,
  given: unknown,
  client: ApiClient,
): Promise<string[]> {
  // Given references are returned as given: the caller resolves each, so one bad name is one failed entry.
  const references = Array.isArray(given) ? (given as string[]).filter(Boolean) : [];
  if (references.length > 0) return references;
  if (!ctx.io.interactive)
    throw new CliError('usage', `missing <${kind}>`, { hint: `Pass one or more, each ${referenceWords(kind)}.` });
  const resource = ATTACHABLE_OF[kind];
  const catalog = await allResources(client, resource, { limit: PICKER_MOST }).catch(() => []);
  if (catalog.length === 0) {
    const typed = await ctx.prompter.text(`${resource.noun} ids (separated by spaces)`, {
      validate: (v) => (v.trim() ? true : 'must not be empty'),
    });
    return typed.split(/[\s,]+/).filter(Boolean);
  }
  return ctx.prompter.chooseMany(
    `${resource.noun}s to attach`,
    catalog.map((record) => ({
      value: record.id,
      name: `${escapeControls(nameOf(resource, record) || record.id)}  ${ctx.io.theme.muted(escapeControls(record.id))}`,
      description: typeof record.description === 'string' ? escapeControls(record.description) : undefined,
    })),
  );
}
