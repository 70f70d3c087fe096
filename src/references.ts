// References: wherever an agent, tool, datasource or LLM is named, a full id (no lookup), a
// unique id prefix of 4+ characters, or an exact name (an LLM's provider) will do. Resolving costs
// at most one list request per kind per command run.
import { listAllAgents } from './api/agents.js';
import type { ApiClient } from './api/client.js';
import { allResources } from './api/resources.js';
import { ApiError, CliError } from './errors.js';
import { nameOf, type ResourceDescriptor } from './resources/descriptor.js';
import { KINDS, type ReferenceKind } from './resources/registry.js';
import { FULL_ID } from './util/full-id.js';

export interface Candidate {
  id: string;
  name: string;
}

const MIN_PREFIX = 4;

/** What a message needs of a kind: a descriptor, or (API keys) the same three words. */
export type Named = Pick<ResourceDescriptor, 'noun' | 'command' | 'nameKey'>;

/**
 * The one candidate a reference names: the same id, else the one record whose name it is or
 * whose id it starts (4+ characters). Two or more, a name and another's id prefix included, is
 * ambiguous (exit 2, listing them with their full ids); none is not found (exit 5).
 * `alsoLookedIn` names where else it was looked for, for the message (apply: "the file").
 */
export function matchReference(
  named: Named,
  candidates: readonly Candidate[],
  reference: string,
  alsoLookedIn?: string,
): string {
  const { noun, nameKey: by } = named;
  const list = `${named.command} list`;
  if (candidates.some((c) => c.id === reference)) return reference;
  const byName = candidates.filter((c) => c.name === reference);
  const byPrefix = reference.length >= MIN_PREFIX ? candidates.filter((c) => c.id.startsWith(reference)) : [];
  // A name never silently beats an id prefix (`delete f110a9` must not pick the agent named so).
  const found = [...byName, ...byPrefix.filter((c) => !byName.includes(c))];
  if (found.length === 1) return found[0]!.id;
  if (found.length > 1) {
    const both = byName.length > 0 && byPrefix.some((c) => !byName.includes(c));
    throw new CliError(
      'usage',
      `${noun} "${reference}" is ambiguous: ${found.length} match${both ? ` (by ${by} and by id prefix)` : ''}`,
      {
        details: found.map((c) => `${c.id}  ${c.name}`),
        hint: 'Use the full id.',
      },
    );
  }
  const elsewhere = alsoLookedIn ? `not in ${alsoLookedIn}, and ` : '';
  // A short piece of an id is never taken as a prefix: say so, or the reader keeps retrying it.
  const tooShort = reference.length < MIN_PREFIX && candidates.some((c) => c.id.startsWith(reference));
  throw new CliError(
    'not-found',
    `${noun} "${reference}" not found: ${elsewhere}no ${noun} has that id, ${by} or id prefix`,
    {
      hint: tooShort
        ? `An id prefix needs ${MIN_PREFIX} characters or more: \`${list}\` shows the ids.`
        : `\`${list}\` shows them.`,
    },
  );
}

async function candidatesOf(client: ApiClient, resource: ResourceDescriptor): Promise<Candidate[]> {
  if (resource === KINDS.agent)
    return (await listAllAgents(client)).map((agent) => ({ id: agent.id, name: agent.name ?? '' }));
  return (await allResources(client, resource)).map((record) => ({
    id: record.id,
    name: nameOf(resource, record),
  }));
}

/** The candidates, or undefined when this server cannot list them (no such route, not a list). */
async function listOrNothing(client: ApiClient, resource: ResourceDescriptor): Promise<Candidate[] | undefined> {
  try {
    return await candidatesOf(client, resource);
  } catch (error) {
    if (
      error instanceof CliError &&
      (error.kind === 'not-found' ||
        error.kind === 'bad-response' ||
        (error instanceof ApiError && error.status === 405))
    )
      return undefined;
    throw error;
  }
}

/** Resolves references for one command run, listing each kind at most once. */
export class References {
  private readonly lists = new Map<ResourceDescriptor, Promise<Candidate[] | undefined>>();

  constructor(private readonly client: () => Promise<ApiClient>) {}

  /** `kind`: a registered kind, or any descriptor. */
  async resolve(kind: ReferenceKind | ResourceDescriptor, reference: string): Promise<string> {
    if (FULL_ID.test(reference)) return reference;
    const resource = typeof kind === 'string' ? KINDS[kind] : kind;
    let list = this.lists.get(resource);
    if (!list) {
      list = this.client().then((client) => listOrNothing(client, resource));
      this.lists.set(resource, list);
    }
    const candidates = await list;
    // A server without the list route (the spec has none) can still be used by id.
    return candidates === undefined ? reference : matchReference(resource, candidates, reference);
  }
}
