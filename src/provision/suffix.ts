// An isolated copy of a stack (--suffix -pr-123), as terraform's workspaces give: every name the
// stack declares gets the suffix, so two pull requests' copies and main's never share a record.
// References inside the stack follow (an agent's `tools: [weather]` names `weather-pr-123` when the
// stack declares `weather`); a name it does not declare (a seeded tool, an id) is left alone.
// Declared ids are dropped: an id names main's record, which a copy must not touch. LLMs keep their
// names: the service keys them by provider (one per provider to share) and cannot delete them.
import type { LoadedStack } from './load.js';
import { referenceNameOf } from './load.js';
import { STACK_SECTIONS, type StackSectionKey } from './schema.js';
import { FULL_ID } from '../util/full-id.js';

/** Whether a kind's records carry a name the suffix can go on (LLMs are named by provider). */
const takesSuffix = (section: (typeof STACK_SECTIONS)[number]) => section.resource.nameKey === 'name';

export function withSuffix(stack: LoadedStack, suffix: string | undefined): LoadedStack {
  if (!suffix) return stack;
  const renamed = new Map<StackSectionKey, Set<string>>();
  const resources = { ...stack.resources };
  for (const section of STACK_SECTIONS) {
    if (!takesSuffix(section)) continue;
    const declared = stack.resources[section.key];
    renamed.set(section.key, new Set(declared.map((entry) => referenceNameOf(section.resource, entry.resource))));
    resources[section.key] = declared.map((entry) => {
      const { id: _id, ...rest } = entry.resource;
      return { ...entry, resource: { ...rest, name: `${String(rest.name)}${suffix}` } };
    });
  }
  const agents = stack.agents.map((loaded) => {
    const { id: _id, ...agent } = loaded.agent;
    const links = Object.fromEntries(
      [...renamed].flatMap(([key, names]) => {
        const references = agent[key];
        return references ? [[key, references.map((name) => (names.has(name) ? `${name}${suffix}` : name))]] : [];
      }),
    );
    return { ...loaded, agent: { ...agent, ...links, name: `${agent.name}${suffix}` } };
  });
  return { ...stack, agents, resources };
}

/** A reference to an agent of the copy: a name gets the suffix; a full id stays what it is. */
export const suffixedName = (reference: string, suffix: string | undefined): string =>
  suffix && !FULL_ID.test(reference) ? `${reference}${suffix}` : reference;

/**
 * The copy's records as the stack that made them (export --suffix): only the entries whose name
 * has the suffix (a seeded tool an agent uses stays a reference by name, not an entry), the suffix
 * off every name and off the agents' references to them, so `export --suffix X | apply --suffix X`
 * changes nothing.
 */
export function withoutSuffix(document: Record<string, unknown>, suffix: string | undefined): Record<string, unknown> {
  if (!suffix) return document;
  const strip = (name: unknown) =>
    typeof name === 'string' && name.endsWith(suffix) ? name.slice(0, -suffix.length) : name;
  const result: Record<string, unknown> = { ...document };
  const stripped = new Map<string, Set<string>>();
  for (const section of STACK_SECTIONS) {
    const entries = document[section.key] as Array<Record<string, unknown>> | undefined;
    if (!entries || !takesSuffix(section)) continue;
    const copy = entries.filter((entry) => ofCopy(String(entry.name), suffix));
    stripped.set(section.key, new Set(copy.map((entry) => String(entry.name))));
    if (copy.length > 0) result[section.key] = copy.map((entry) => ({ ...entry, name: strip(entry.name) }));
    else delete result[section.key];
  }
  const agents = (document.agents as Array<Record<string, unknown>> | undefined) ?? [];
  result.agents = agents.map((agent) => {
    const links = Object.fromEntries(
      [...stripped].flatMap(([key, names]) => {
        const references = agent[key] as string[] | undefined;
        return references ? [[key, references.map((name) => (names.has(name) ? strip(name) : name))]] : [];
      }),
    );
    return { ...agent, ...links, name: strip(agent.name) };
  });
  return result;
}

/** The records of the copy: those whose name ends with the suffix (an LLM, shared, always). */
export const ofCopy = (name: string, suffix: string | undefined) => !suffix || name.endsWith(suffix);
