// The service's records in the apply format, so `export --all | apply` changes nothing: the
// tools, datasources and LLMs, then the agents with their links by name (or by id where a name
// is shared). Records that share a name carry their ids, which apply matches first.
import type { Agent } from '../api/agents.js';
import type { ResourceRecord } from '../api/resources.js';
import { attachKey, nameOf, type ResourceDescriptor } from '../resources/descriptor.js';
import { textOf } from '../util/text-of.js';
import { FIELD_KEYS, STACK_SECTIONS, type StackSectionKey } from './schema.js';
import { keyVariableFor } from './key-variables.js';
import { holdsCredential, isSecretKey } from '../secrets/redact.js';

type Entry = Record<string, unknown>;

/** JSON stored as text by the service ("" or "{\"a\": 1}") as the value it holds; empty is absent. */
function asValue(value: unknown): unknown {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = value.trim() ? (JSON.parse(value) as unknown) : undefined;
    } catch {
      return value;
    }
  }
  const empty =
    parsed === null || parsed === undefined || (typeof parsed === 'object' && Object.keys(parsed).length === 0);
  return empty ? undefined : parsed;
}

/**
 * Metadata with each secret replaced by a reference apply reads it back from, nested objects too:
 * `bingSearchApiKey: sk-…` becomes `bingSearchApiKeyEnv: AGENTS_KEY_<RECORD>_BING_SEARCH_API_KEY`,
 * and so does a value that carries a credential under any key (`dsn: postgres://u:pw@host/db`).
 */
function withKeyReferences(value: unknown, ...path: string[]): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      isSecretValue(key, inner)
        ? [`${key}Env`, keyVariableFor(...path, key)]
        : [key, withKeyReferences(inner, ...path, key)],
    ),
  );
}

/** A value export must not write: under a secret-named key, or a text that carries a credential. */
const isSecretValue = (key: string, value: unknown) =>
  ((typeof value === 'string' || typeof value === 'number') && value !== '' && isSecretKey(key)) ||
  (typeof value === 'string' && holdsCredential(value));

const counted = (values: unknown[]) =>
  values.reduce<Map<unknown, number>>((map, value) => map.set(value, (map.get(value) ?? 0) + 1), new Map());

function resourceEntries(
  resource: ResourceDescriptor,
  records: ResourceRecord[],
): { entries: Entry[]; refOf: Map<string, string> } {
  const names = counted(records.map((record) => record[resource.nameKey]));
  const refOf = new Map<string, string>();
  const entries = records.map((record) => {
    const shared = (names.get(record[resource.nameKey]) ?? 0) > 1;
    const entry: Entry = shared ? { id: record.id } : {};
    // A kind named by something else (an LLM by its provider) that shares it gets a file-only name for agents to use.
    const fileName = resource.nameKey !== 'name';
    if (shared && fileName) entry.name = `${nameOf(resource, record)}-${record.id.slice(0, 8)}`;
    for (const field of resource.fields) {
      if (field.secret) continue;
      const value =
        field.type === 'json-object'
          ? withKeyReferences(asValue(record[field.key]), nameOf(resource, record) || record.id)
          : record[field.key];
      if (value !== undefined && value !== null && value !== '') entry[field.key] = value;
    }
    // Agents refer to it by name, unless the name is shared: then by id (an LLM by its file-only name).
    refOf.set(record.id, shared ? textOf(fileName ? entry.name : record.id) : nameOf(resource, record));
    return entry;
  });
  return { entries, refOf };
}

export function exportStack(
  agents: Agent[],
  resources: Partial<Record<StackSectionKey, ResourceRecord[]>>,
): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  const refs = new Map<string, Map<string, string>>();
  for (const { key, resource } of STACK_SECTIONS) {
    const records = resources[key];
    if (!records) continue;
    const { entries, refOf } = resourceEntries(resource, records);
    refs.set(key, refOf);
    if (entries.length > 0) document[key] = entries;
  }
  const agentNames = counted(agents.map((agent) => agent.name));
  document.agents = agents.map((agent) => {
    const entry: Entry = (agentNames.get(agent.name) ?? 0) > 1 ? { id: agent.id } : {};
    for (const key of FIELD_KEYS) if (agent[key] !== null && agent[key] !== undefined) entry[key] = agent[key];
    for (const { key, kind } of STACK_SECTIONS) {
      const rows = Array.isArray(agent[key]) ? (agent[key] as Array<Record<string, unknown>>) : [];
      const ids = rows.map((row) => row[attachKey({ kind })]).filter((id): id is string => typeof id === 'string');
      // By name where the file names it; by id otherwise (a record the list does not show).
      if (ids.length > 0) entry[key] = ids.map((id) => refs.get(key)?.get(id) ?? id);
    }
    return entry;
  });
  return document;
}
