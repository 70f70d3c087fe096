// The tools, datasources and LLMs of a stack: matched to the service's records (by id, then by
// name, or an LLM by provider), compared field by field, and the names agents use for them
// resolved to ids. One list request per kind the file uses.
import { ATTACH_KINDS, ATTACHABLE_OF, type AttachKind } from '../resources/registry.js';
import type { ApiClient } from '../api/client.js';
import { allResources, type ResourceRecord } from '../api/resources.js';
import { CliError } from '../errors.js';
import { matchReference } from '../references.js';
import { FULL_ID } from '../util/full-id.js';
import type { ResourceDescriptor } from '../resources/descriptor.js';
import { referenceNameOf, type LoadedResource, type LoadedStack } from './load.js';
import { STACK_SECTIONS, type DesiredResource } from './schema.js';
import { nameOf } from '../resources/descriptor.js';
import { sameValue } from '../resources/same-value.js';

export interface PlannedResource {
  kind: AttachKind;
  resource: ResourceDescriptor;
  /** How agents refer to it: its name, or an LLM's file-only name or provider. */
  name: string;
  action: 'create' | 'update' | 'unchanged';
  /** The existing record's id. */
  id?: string;
  /** Stands for its id in agents' links until it is created. */
  placeholder: string;
  /** What to send: every field for create, the changed ones for update. */
  fields: Record<string, unknown>;
  current?: ResourceRecord;
  changed: string[];
  previous: Record<string, unknown>;
  where: string;
}

interface ResourceProblem {
  name: string;
  error: CliError;
  /** file:line of the entry. */
  where: string;
  resource: true;
}

/** What the service has of each kind the file uses, and what the file declares. */
export interface Catalogs {
  existing: Partial<Record<AttachKind, ResourceRecord[]>>;
  planned: PlannedResource[];
  problems: ResourceProblem[];
}

export const NEW_PREFIX = 'new:';

/** The fields the file sets, as the service takes them (secrets as read from their variables by load). */
function wantedFields(
  resource: ResourceDescriptor,
  declared: DesiredResource,
  secrets: Record<string, string>,
): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...secrets };
  for (const field of resource.fields)
    if (!field.secret && declared[field.key] !== undefined) fields[field.key] = declared[field.key];
  return fields;
}

function planOne(
  kind: AttachKind,
  resource: ResourceDescriptor,
  { resource: declared, where, secrets }: LoadedResource,
  existing: ResourceRecord[],
): PlannedResource {
  const at = `${where}: `;
  const name = referenceNameOf(resource, declared);
  const base = {
    kind,
    resource,
    name,
    placeholder: `${NEW_PREFIX}${kind}:${name}`,
    where,
    changed: [] as string[],
    previous: {},
  };
  const matches =
    declared.id !== undefined
      ? existing.filter((r) => r.id === declared.id)
      : existing.filter((r) => r[resource.nameKey] === declared[resource.nameKey]);
  if (declared.id !== undefined && matches.length === 0) {
    throw new CliError('not-found', `${at}${resource.noun} ${declared.id} ("${name}") not found`, {
      hint: 'Remove its id from the file to create it anew.',
    });
  }
  if (matches.length > 1) {
    throw new CliError(
      'usage',
      `${at}${matches.length} existing ${resource.plural === 'llms' ? 'LLMs' : resource.plural} have ${resource.nameKey} "${String(declared[resource.nameKey])}"; give it the id of one (export writes them)`,
      {
        details: matches.map((m) => m.id),
      },
    );
  }
  const fields = wantedFields(resource, declared, secrets);
  const current = matches[0];
  if (!current) {
    const missing = resource.fields
      .filter((f) => f.required && fields[f.key] === undefined)
      .map((f) => (f.secret ? `${f.key}Env` : f.key));
    if (missing.length > 0)
      throw new CliError(
        'usage',
        `${at}${resource.noun} "${name}" does not exist yet, and creating it needs ${missing.join(', ')}`,
      );
    return { ...base, action: 'create', fields, changed: Object.keys(fields) };
  }
  const changed = Object.keys(fields).filter((key) => !sameValue(fields[key], current[key]));
  const refused = changed.filter((key) => resource.patchRefuses.includes(key));
  if (refused.length > 0) {
    throw new CliError('usage', `${at}the service cannot change ${refused.join(', ')} of a ${resource.noun}`, {
      hint: `Leave ${refused.join(', ')} as it is, or delete the ${resource.noun} to create it anew.`,
    });
  }
  return {
    ...base,
    action: changed.length > 0 ? 'update' : 'unchanged',
    id: current.id,
    current,
    fields: Object.fromEntries(changed.map((key) => [key, fields[key]])),
    changed,
    previous: Object.fromEntries(changed.map((key) => [key, current[key]])),
  };
}

/** The kinds a stack declares or links to: only those are listed. */
function kindsUsed(stack: LoadedStack): Set<AttachKind> {
  const kinds = new Set<AttachKind>();
  for (const { key, kind } of STACK_SECTIONS) {
    if (stack.resources[key].length > 0 || stack.agents.some(({ agent }) => (agent[key]?.length ?? 0) > 0))
      kinds.add(kind);
  }
  return kinds;
}

export async function planResources(
  client: ApiClient,
  stack: LoadedStack,
  options: { listAll?: boolean } = {},
): Promise<Catalogs> {
  const catalogs: Catalogs = { existing: {}, planned: [], problems: [] };
  const used = options.listAll ? new Set<AttachKind>(ATTACH_KINDS) : kindsUsed(stack);
  await Promise.all(
    STACK_SECTIONS.filter(({ kind }) => used.has(kind)).map(async ({ kind, resource }) => {
      catalogs.existing[kind] = await allResources(client, resource);
    }),
  );
  for (const { key, kind, resource } of STACK_SECTIONS) {
    for (const loaded of stack.resources[key]) {
      try {
        catalogs.planned.push(planOne(kind, resource, loaded, catalogs.existing[kind] ?? []));
      } catch (error) {
        if (!(error instanceof CliError)) throw error;
        catalogs.problems.push({
          name: `${resource.noun} ${referenceNameOf(resource, loaded.resource)}`,
          error,
          where: loaded.where,
          resource: true,
        });
      }
    }
  }
  return catalogs;
}

/**
 * An agent's link, by the file's name for a declared resource, an id, a unique id prefix (4+
 * characters) or an existing record's name (an LLM's provider). Returns an id, or a placeholder
 * for a resource the file creates.
 */
export function resolveLink(catalogs: Catalogs, kind: AttachKind, reference: string): string {
  const declared = catalogs.planned.find((p) => p.kind === kind && p.name === reference);
  if (declared) return declared.id ?? declared.placeholder;
  const existing = catalogs.existing[kind] ?? [];
  const byId = existing.find((r) => r.id === reference);
  if (byId || FULL_ID.test(reference)) return reference; // an id the list does not show (another owner's): the service decides
  const resource = ATTACHABLE_OF[kind];
  return matchReference(
    resource,
    existing.map((r) => ({ id: r.id, name: nameOf(resource, r) })),
    reference,
    'the file',
  );
}

/** id (or placeholder) → the name to show. */
export function linkNames(catalogs: Catalogs): Map<string, string> {
  const names = new Map<string, string>();
  for (const { kind, resource } of STACK_SECTIONS) {
    for (const record of catalogs.existing[kind] ?? [])
      if (nameOf(resource, record)) names.set(record.id, nameOf(resource, record));
  }
  for (const planned of catalogs.planned) names.set(planned.id ?? planned.placeholder, planned.name);
  return names;
}
