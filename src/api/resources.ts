// The tool, datasource and LLM routes (service-wire-format.md §12), for any resource descriptor.
// "Not found" looks different on every route of the real service (data:null, a 500 naming
// NoneType, a bare 500): a GET that finds nothing is read as not found, and writes resolve their
// target first (see references), so their errors need no guessing.
import { ApiError, CliError } from '../errors.js';
import { fieldByKey, type ResourceDescriptor } from '../resources/descriptor.js';
import type { ApiClient } from './client.js';
import { collect, type Page, PAGES_AT_ONCE, paginate } from './paging.js';

export type ResourceRecord = Record<string, unknown> & { id: string };

const PAGE_SIZE = 50;

function asRecord(resource: ResourceDescriptor, data: unknown, what: string): ResourceRecord {
  if (data && typeof data === 'object' && typeof (data as { id?: unknown }).id === 'string') return data as ResourceRecord;
  throw new CliError('bad-response', `the service's answer to ${what} is not a ${resource.noun}`);
}

export function notFound(resource: ResourceDescriptor, id: string, cause?: unknown): CliError {
  return new CliError('not-found', `${resource.noun} ${id} not found`, { hint: `\`agents ${resource.plural} list\` shows them.`, cause });
}

/** Every record, page by page (`limit` stops early). LLMs come in one answer. */
export function listResources(client: ApiClient, resource: ResourceDescriptor, limit = Infinity): AsyncGenerator<ResourceRecord> {
  const fetchPage = async (skip: number, take: number): Promise<Page<ResourceRecord>> => {
    const { data, body } = await client.json('GET', [resource.segment], { query: resource.paged ? { skip, take } : undefined });
    if (!Array.isArray(data)) throw new CliError('bad-response', `the service answered the ${resource.noun} list with something that is not a list`);
    const totalPages = (body as { total_pages?: unknown } | null)?.total_pages;
    // Unpaged (LLMs): one answer holds them all, so it is the only page.
    return {
      items: data.map((item) => asRecord(resource, item, `the ${resource.noun} list`)),
      totalPages: resource.paged ? (typeof totalPages === 'number' ? totalPages : undefined) : 0,
    };
  };
  return paginate(fetchPage, { limit, pageSize: PAGE_SIZE, concurrency: PAGES_AT_ONCE });
}

export function allResources(client: ApiClient, resource: ResourceDescriptor, limit = Infinity): Promise<ResourceRecord[]> {
  return collect(listResources(client, resource, limit));
}

export async function getResource(client: ApiClient, resource: ResourceDescriptor, id: string): Promise<ResourceRecord> {
  try {
    const { data } = await client.json('GET', [resource.segment, id]);
    if (data === null || data === undefined) throw notFound(resource, id); // tools, datasources: 200 data:null
    return asRecord(resource, data, `get ${resource.noun}`);
  } catch (error) {
    // LLMs: 500 "'NoneType' object has no attribute 'options'"; a strict server: 404.
    if (error instanceof ApiError && (error.kind === 'not-found' || /NoneType/.test(error.message))) throw notFound(resource, id, error);
    throw error;
  }
}

export async function createResource(client: ApiClient, resource: ResourceDescriptor, fields: Record<string, unknown>): Promise<ResourceRecord> {
  const { data } = await client.json('POST', [resource.segment], { body: fields });
  return asRecord(resource, data, `create ${resource.noun}`);
}

/** PATCH with what the service insists on: resent fields from `current`, refused ones left out. */
export async function updateResource(
  client: ApiClient,
  resource: ResourceDescriptor,
  current: ResourceRecord,
  changes: Record<string, unknown>,
): Promise<ResourceRecord> {
  const body: Record<string, unknown> = {};
  for (const key of resource.patchResends) if (current[key] !== undefined && current[key] !== null) body[key] = asSent(resource, key, current[key]);
  Object.assign(body, changes);
  for (const key of resource.patchRefuses) delete body[key];
  const { data } = await client.json('PATCH', [resource.segment, current.id], { body });
  if (data === null || data === undefined) throw notFound(resource, current.id);
  return asRecord(resource, data, `update ${resource.noun}`);
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

export async function deleteResource(client: ApiClient, resource: ResourceDescriptor, id: string): Promise<void> {
  await client.json('DELETE', [resource.segment, id]);
}
