// What this machine learns of a kind's records (their names, for completion and references by
// name): remembered when they are seen, forgotten when deleted. Best effort: never fails a command.
import type { ResourceRecord } from '../../api/resources.js';
import type { Uses } from '../../context.js';
import type { ResourceDescriptor } from '../../resources/descriptor.js';
import { isAgent } from './texts.js';

/** Records just used (made, read, changed): remembered with their names, as used now. */
export function rememberNames(
  ctx: Uses<'state'>,
  resource: ResourceDescriptor,
  records: readonly ResourceRecord[],
): Promise<void> {
  if (records.length === 0) return Promise.resolve();
  const named = namesOf(resource, records);
  return ctx.recordLocally((state) =>
    isAgent(resource)
      ? state.rememberAgents(Object.fromEntries(named.map(([id, name]) => [id, name ? { name } : {}])))
      : state.rememberResources(resource.plural, Object.fromEntries(named)),
  );
}

/** Records a list showed: their names learnt for completion, none marked as used, no write when known. */
export function learnNames(
  ctx: Uses<'state'>,
  resource: ResourceDescriptor,
  records: readonly ResourceRecord[],
): Promise<void> {
  if (records.length === 0) return Promise.resolve();
  return ctx.recordLocally((state) =>
    state.learnNames(stateSection(resource), Object.fromEntries(namesOf(resource, records))),
  );
}

const namesOf = (resource: ResourceDescriptor, records: readonly ResourceRecord[]) =>
  records.map((record) => [record.id, stringOrNothing(record[resource.nameKey])] as const);

export function forgetRecord(ctx: Uses<'state'>, resource: ResourceDescriptor, id: string): Promise<void> {
  return ctx.recordLocally((state) =>
    isAgent(resource) ? state.forgetAgent(id) : state.forgetResource(resource.plural, id),
  );
}

const stringOrNothing = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The section of state.json a kind's records are kept under. */
export const stateSection = (resource: ResourceDescriptor): string => (isAgent(resource) ? 'agents' : resource.plural);
