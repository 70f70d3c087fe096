// One wire path for every resource kind (legacy-service.md §2, §12): list, get, create, update
// and delete, for any descriptor. What a kind does differently is passed in, not written again:
// `decode` checks and reshapes a record (agents: their schema, metadata sent as text).
// "Not found" looks different on every route of the real service (data:null, a 500 naming
// NoneType, a bare 500): a GET that finds nothing is read as not found, and writes resolve their
// target first (see references), so their errors need no guessing.
import { ApiError, CliError } from '../errors.js';
import { fieldByKey, type ResourceDescriptor, type ResourceRecord } from '../resources/descriptor.js';

export type { ResourceRecord };
import type { ApiClient } from './client.js';
import { collect, type Page, PAGES_AT_ONCE, paginate } from './paging.js';

/** Checks one record of the service's answer to `what` (e.g. "the tool list") and returns it as the CLI reads it. */
export type Decode<R> = (data: unknown, what: string) => R;

const PAGE_SIZE = 50;

/** The default: any object with a string id. */
const recordOf =
  (resource: ResourceDescriptor): Decode<ResourceRecord> =>
  (data, what) => {
    if (data && typeof data === 'object' && typeof (data as { id?: unknown }).id === 'string')
      return data as ResourceRecord;
    throw new CliError(
      'bad-response',
      `the service's answer to ${what} is not ${article(resource.noun)} ${resource.noun}`,
    );
  };

const article = (noun: string) => (/^[aeiou]|^LLM/i.test(noun) ? 'an' : 'a');

export function notFound(resource: ResourceDescriptor, id: string, cause?: unknown): CliError {
  return new CliError('not-found', `${resource.noun} ${id} not found`, {
    circumstance: { type: 'missing', noun: resource.noun, command: resource.command },
    cause,
  });
}

export interface ListOptions<R> {
  /** Stop after this many. */
  limit?: number;
  pageSize?: number;
  decode?: Decode<R>;
}

/** Every record, page by page, a few pages at once (`limit` stops early). Unpaged kinds (LLMs) come in one answer. */
export function listResources<R = ResourceRecord>(
  client: ApiClient,
  resource: ResourceDescriptor,
  options: ListOptions<R> = {},
): AsyncGenerator<R> {
  const decode = (options.decode ?? recordOf(resource)) as Decode<R>;
  const fetchPage = async (skip: number, take: number): Promise<Page<R>> => {
    const { data, body } = await client.json('GET', [resource.segment], {
      query: resource.paged ? { skip, take } : undefined,
    });
    if (!Array.isArray(data))
      throw new CliError(
        'bad-response',
        `the service answered the ${resource.noun} list with something that is not a list`,
      );
    const totalPages = (body as { total_pages?: unknown } | null)?.total_pages;
    return {
      items: data.map((item) => decode(item, `the ${resource.noun} list`)),
      // Unpaged: one answer holds them all, so it is the only page.
      totalPages: resource.paged ? (typeof totalPages === 'number' ? totalPages : undefined) : 0,
    };
  };
  return paginate(fetchPage, {
    limit: options.limit ?? Infinity,
    pageSize: options.pageSize ?? PAGE_SIZE,
    concurrency: PAGES_AT_ONCE,
  });
}

/**
 * How many records of the kind there are, or undefined when the service does not say. A paged
 * list's total_pages is ceil(count / take), so asking one per page makes it the count; an unpaged
 * one comes whole and is counted.
 */
export async function countResources(client: ApiClient, resource: ResourceDescriptor): Promise<number | undefined> {
  if (!resource.paged) return (await allResources(client, resource)).length;
  const { body } = await client.json('GET', [resource.segment], { query: { skip: 0, take: 1 } });
  const totalPages = (body as { total_pages?: unknown } | null)?.total_pages;
  return typeof totalPages === 'number' ? totalPages : undefined;
}

export function allResources<R = ResourceRecord>(
  client: ApiClient,
  resource: ResourceDescriptor,
  options: ListOptions<R> = {},
): Promise<R[]> {
  return collect(listResources(client, resource, options));
}

export async function getResource<R = ResourceRecord>(
  client: ApiClient,
  resource: ResourceDescriptor,
  id: string,
  options: { once?: boolean; decode?: Decode<R> } = {},
): Promise<R> {
  const decode = (options.decode ?? recordOf(resource)) as Decode<R>;
  try {
    const { data } = await client.json('GET', [resource.segment, id], { once: options.once });
    if (data === null || data === undefined) throw notFound(resource, id); // tools, datasources: 200 data:null
    return decode(data, `get ${resource.noun}`);
  } catch (error) {
    // LLMs: 500 "'NoneType' object has no attribute 'options'"; agents: "… 'metadata'"; a strict
    // server: 404. A missing route keeps its words: it means a wrong --base-url, not a wrong id.
    if (
      error instanceof ApiError &&
      error.circumstance?.type !== 'route-missing' &&
      (error.kind === 'not-found' || /NoneType/.test(error.message))
    )
      throw notFound(resource, id, error);
    throw error;
  }
}

export async function createResource<R = ResourceRecord>(
  client: ApiClient,
  resource: ResourceDescriptor,
  fields: Record<string, unknown>,
  decode: Decode<R> = recordOf(resource) as Decode<R>,
): Promise<R> {
  const { data } = await client.json('POST', [resource.segment], { body: fields });
  return decode(data, `create ${resource.noun}`);
}

/** PATCH as sent: the updated record, or undefined when the service answered without one (agents: data:null). */
export async function patchResource<R = ResourceRecord>(
  client: ApiClient,
  resource: ResourceDescriptor,
  id: string,
  body: Record<string, unknown>,
  decode: Decode<R> = recordOf(resource) as Decode<R>,
): Promise<R | undefined> {
  const { data } = await client.json('PATCH', [resource.segment, id], { body });
  return data === null || data === undefined ? undefined : decode(data, `update ${resource.noun}`);
}

/** PATCH with what the service insists on: resent fields from `current`, refused ones left out. */
export async function updateResource(
  client: ApiClient,
  resource: ResourceDescriptor,
  current: ResourceRecord,
  changes: Record<string, unknown>,
): Promise<ResourceRecord> {
  const body: Record<string, unknown> = {};
  for (const key of resource.patchResends)
    if (current[key] !== undefined && current[key] !== null) body[key] = asSent(resource, key, current[key]);
  Object.assign(body, changes);
  for (const key of resource.patchRefuses) delete body[key];
  const updated = await patchResource(client, resource, current.id, body);
  if (updated === undefined) throw notFound(resource, current.id);
  return updated;
}

/** A JSON field read back as text (the real service encodes some) goes out as the value it holds. */
function asSent(resource: ResourceDescriptor, key: string, value: unknown): unknown {
  if (typeof value !== 'string' || fieldByKey(resource, key)?.type !== 'json-object') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** What the service answered (the real one: data:null; some: the deleted record). */
export async function deleteResource(client: ApiClient, resource: ResourceDescriptor, id: string): Promise<unknown> {
  const { data } = await client.json('DELETE', [resource.segment, id]);
  return data;
}
