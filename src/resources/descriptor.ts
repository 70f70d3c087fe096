// A resource (agent, tool, datasource, LLM) described once: its fields with their API name, flag, type,
// label and whether they are required or secret, and how the service stores it. Commands, flags,
// prompts, request bodies, tables and detail views are all derived from this.
/** A record as the service returns it: an id, and whatever fields it has. */
export type ResourceRecord = Record<string, unknown> & { id: string };

type FieldType = 'text' | 'boolean' | 'enum' | 'json-object';

export interface FieldSpec {
  /** The API name, as sent and received. */
  key: string;
  /** The long flag, without dashes (booleans also get --no-<flag>). */
  flag: string;
  label: string;
  type: FieldType;
  /** For enums: the service's values. */
  choices?: readonly string[];
  /** Needed to create one. */
  required?: boolean;
  /** Never a flag value, never printed: read from a prompt, stdin or an environment variable. */
  secret?: { env: string; stdinFlag: string };
  /** Help text for the flag. */
  description: string;
  /** Text that may be empty: sending "" clears it. */
  blankable?: boolean;
  /** Asked in an editor-like multi-line prompt, and shown last in the detail view. */
  multiline?: boolean;
  /** Values a prompt offers; any other is still accepted (models the service may add). */
  suggestions?: readonly string[];
  /** Not asked with the others: a prompt asks it only when the other answers need it. */
  askedWhenNeeded?: boolean;
  /** The label in views and table headings, when shorter than the prompt's. */
  viewLabel?: string;
}

type ValueOf<F extends FieldSpec> = F['type'] extends 'boolean'
  ? boolean
  : F['type'] extends 'json-object'
    ? Record<string, unknown>
    : string;

/** The writable fields of a resource as a TypeScript type, derived from a descriptor declared `as const`. */
export type FieldValues<D extends { fields: readonly FieldSpec[] }> = {
  [F in D['fields'][number] as F['key']]?: ValueOf<F>;
};

export interface ResourceDescriptor {
  /** What arguments and references call it: `<tool>`, `--agent <agent>`; the registry's key. */
  kind: string;
  /** Singular, as in "tool 5b0d… not found". */
  noun: string;
  /** The command group and the API segment: `agents tools`, /api/v1/tools. */
  plural: string;
  /** The commands' prefix, for hints: `agents tools` (create is `agents tools create`). */
  command: string;
  segment: string;
  fields: readonly FieldSpec[];
  /** What a person calls one: its name, or (LLMs, which have none) its provider. */
  nameKey: string;
  /** The list pages with skip/take (LLMs come in one answer). */
  paged: boolean;
  /** The service can delete one (LLMs: no route). */
  deletable: boolean;
  /** PATCH replaces these even when unchanged, so they are resent from the current record. */
  patchResends: readonly string[];
  /** PATCH fails on these, or drops them (datasources: metadata, embeddingsModelProvider; agents:
   * llmProvider): update hides their flags and refuses them with a reason. */
  patchRefuses: readonly string[];
  /** Table columns: API keys, after ID. */
  columns: readonly string[];
  /** Extra read-only fields shown in the detail view (status, …). */
  shownToo: readonly string[];
}

/**
 * A kind an agent attaches (tools, datasources, LLMs): it has its own `agents <plural>` commands, a
 * section in stack files, and routes under the agent (POST /agents/{id}/<segment> with `<kind>Id`).
 */
export interface AttachableDescriptor extends ResourceDescriptor {
  /** Help examples, with the emulator's seeded records by name, so the docs test runs them as written. */
  examples: {
    /** The seeded record that get, attach and detach examples name. */
    seeded: string;
    create: readonly string[];
    update: string;
    /** Creates a throw-away one (for the delete example), printing its id. */
    scratch?: string;
  };
  attach: {
    /** GET /agents/{id}/<segment> is served (the real service has none for LLMs). */
    listedPerAgent: boolean;
    /** The real service's 500 detail when the same one is attached twice. */
    duplicateDetail: string;
  };
}

/** The request key and link-record column that hold the id of what is attached: toolId, llmId… */
export const attachKey = (resource: { kind: string }) => `${resource.kind}Id`;

/** The required enum field the database checks (tools and datasources: type; LLMs: provider). */
export const checkedEnum = (resource: ResourceDescriptor) =>
  resource.fields.find((field) => field.type === 'enum' && field.required);

/** What a person calls a record: its name (an LLM: its provider), or '' when it has none. */
export const nameOf = (resource: ResourceDescriptor, record: Record<string, unknown>): string => {
  const name = record[resource.nameKey];
  return typeof name === 'string' ? name : '';
};

export const fieldByKey = (resource: ResourceDescriptor, key: string) =>
  resource.fields.find((field) => field.key === key);
