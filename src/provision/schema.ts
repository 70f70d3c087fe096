// The provisioning file: the tools, datasources and LLMs, and the agents that should exist,
// with the agents' links by name (or id). The agent fields are those of create (one schema); a
// resource's are those of its descriptor.
import * as z from 'zod/mini';
import { AGENT, type AgentFields } from '../resources/agent.js';
import type { AttachableDescriptor, ResourceDescriptor } from '../resources/descriptor.js';
import { ATTACHABLE, type AttachablePlural, type AttachKind } from '../resources/registry.js';
import { fieldSchema, textError } from '../resources/field-schema.js';

const ids = z.array(
  z.string({ error: textError('must be a name or an id (a string)') }).check(z.minLength(1, 'must not be empty')),
  {
    error: 'must be a list of names or ids',
  },
);
const text = () => z.string({ error: textError('must be a string') });
const optionalId = () => z.optional(text().check(z.trim(), z.minLength(1, 'must not be empty')));

type RequiredAgentKey = Extract<(typeof AGENT.fields)[number], { required: true }>['key'];

/** An agent of the file: the descriptor's fields (those create needs, required), an id, and its links. */
export type DesiredAgent = AgentFields & { [K in RequiredAgentKey]-?: string } & {
  id?: string;
} & { [P in AttachablePlural]?: string[] };

export type StackSectionKey = AttachablePlural;

/**
 * A stack's resource sections, one per attachable kind under its plural, in the order apply works
 * through them. An agent's links to that kind sit under the same key (`tools: [weather]`).
 */
export const STACK_SECTIONS = ATTACHABLE.map((resource: AttachableDescriptor) => ({
  key: resource.plural as StackSectionKey,
  resource,
  kind: resource.kind as AttachKind,
}));

/**
 * A declared tool, datasource or LLM: its descriptor's fields, an optional id (matched first, as
 * export writes it for duplicate names), and for LLMs a file-only `name` to refer to it by and
 * `apiKeyEnv`, the environment variable holding its key (a key never goes in a file).
 */
export function desiredResourceSchema(resource: ResourceDescriptor) {
  const fields = Object.fromEntries(
    resource.fields.map((field): [string, z.ZodMiniType] => {
      if (field.secret)
        return [
          field.key,
          z.optional(
            z.never({ error: `does not belong in a file: put the name of an environment variable in ${field.key}Env` }),
          ),
        ];
      return [field.key, field.required ? fieldSchema(field) : z.optional(fieldSchema(field))];
    }),
  );
  // A kind without a name (LLMs: named by provider) takes a file-only one; a secret comes from a variable.
  const fileName: Record<string, z.ZodMiniType> = resource.nameKey === 'name' ? {} : { name: optionalId() };
  const variables = Object.fromEntries(
    resource.fields
      .filter((field) => field.secret)
      .map((field) => [
        `${field.key}Env`,
        z.optional(text().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be the name of an environment variable'))),
      ]),
  );
  return z.strictObject({ id: optionalId(), ...fields, ...fileName, ...variables });
}

export type DesiredResource = Record<string, unknown> & { id?: string; name?: string; apiKeyEnv?: string };

/** Matches an existing agent by id before by name (export writes the id when names collide). */
export const desiredAgentSchema = z.extend(
  desiredResourceSchema(AGENT),
  Object.fromEntries(STACK_SECTIONS.map(({ key }) => [key, z.optional(ids)])) as Record<
    StackSectionKey,
    z.ZodMiniOptional<typeof ids>
  >,
);

/** The top-level keys of a stack file, as a sentence: `agents:, tools:, datasources: and llms:`. */
export const SECTIONS_IN_WORDS = (() => {
  const keys = ['agents', ...STACK_SECTIONS.map(({ key }) => key)].map((key) => `${key}:`);
  return `${keys.slice(0, -1).join(', ')} and ${keys.at(-1)}`;
})();

/** A stack's resources, none yet: a list under each kind's plural. */
export const emptyResources = () =>
  Object.fromEntries(STACK_SECTIONS.map(({ key }) => [key, []])) as unknown as Record<StackSectionKey, never[]>;

export interface DocumentSections {
  /** The agents' list and where it sits in the document (for line numbers). */
  agents: { entries: unknown[]; basePath: Array<string | number> };
  resources: Partial<Record<StackSectionKey, unknown[]>>;
  unknownKeys: string[];
}

const SECTION_KEYS = new Set(['agents', ...STACK_SECTIONS.map((s) => s.key)]);

/**
 * The document: a stack (`agents:`, `tools:`, `datasources:`, `llms:`), or a bare list of agents,
 * or one agent. In a stack, other top-level keys are unknown, except `x-` keys, which hold YAML
 * anchors (as in compose files). A section that is not a list is reported as `notAList`.
 */
export function documentSections(document: unknown): DocumentSections | { notAList: string } | undefined {
  if (Array.isArray(document)) return { agents: { entries: document, basePath: [] }, resources: {}, unknownKeys: [] };
  if (!document || typeof document !== 'object') return undefined;
  const record = document as Record<string, unknown>;
  if (!Object.keys(record).some((key) => SECTION_KEYS.has(key)))
    return { agents: { entries: [document], basePath: [] }, resources: {}, unknownKeys: [] };
  for (const key of SECTION_KEYS) if (key in record && !Array.isArray(record[key])) return { notAList: key };
  const resources: DocumentSections['resources'] = {};
  for (const { key } of STACK_SECTIONS) if (Array.isArray(record[key])) resources[key] = record[key] as unknown[];
  return {
    agents: { entries: (record.agents as unknown[] | undefined) ?? [], basePath: ['agents'] },
    resources,
    unknownKeys: Object.keys(record).filter((key) => !SECTION_KEYS.has(key) && !key.startsWith('x-')),
  };
}

export const FIELD_KEYS = AGENT.fields.map((field) => field.key);
