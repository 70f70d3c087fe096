// What this machine learns of a kind's records (their names, for completion and references by
// name): remembered when they are seen, forgotten when deleted. Best effort: never fails a command.
import type { ResourceRecord } from '../../api/resources.js';
import type { Context } from '../../context.js';
import type { ResourceDescriptor } from '../../resources/descriptor.js';
import { isAgent } from './texts.js';

export function rememberNames(
  ctx: Context,
  resource: ResourceDescriptor,
  records: readonly ResourceRecord[],
): Promise<void> {
  if (records.length === 0) return Promise.resolve();
  const named = records.map((record) => [record.id, stringOrNothing(record[resource.nameKey])] as const);
  return ctx.recordLocally((state) =>
    isAgent(resource)
      ? state.rememberAgents(Object.fromEntries(named.map(([id, name]) => [id, name ? { name } : {}])))
      : state.rememberResources(resource.plural, Object.fromEntries(named)),
  );
}

export function forgetRecord(ctx: Context, resource: ResourceDescriptor, id: string): Promise<void> {
  return ctx.recordLocally((state) =>
    isAgent(resource) ? state.forgetAgent(id) : state.forgetResource(resource.plural, id),
  );
}

const stringOrNothing = (value: unknown) => (typeof value === 'string' ? value : undefined);
