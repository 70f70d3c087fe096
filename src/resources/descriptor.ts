// A resource (tool, datasource, LLM) described once: its fields with their API name, flag, type,
// label and whether they are required or secret, and how the service stores it. Commands, flags,
// prompts, request bodies, tables and detail views are all derived from this.
export type FieldType = 'text' | 'boolean' | 'enum' | 'json-object';

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
}

export interface ResourceDescriptor {
  /** Singular, as in "tool 5b0d… not found". */
  noun: string;
  /** The command group and the API segment: `agents tools`, /api/v1/tools. */
  plural: string;
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
  /** PATCH fails when these are sent (datasources: metadata, embeddingsModelProvider). */
  patchRefuses: readonly string[];
  /** Table columns: API keys, after ID. */
  columns: readonly string[];
  /** Extra read-only fields shown in the detail view (status, …). */
  shownToo: readonly string[];
}

export const fieldByKey = (resource: ResourceDescriptor, key: string) => resource.fields.find((field) => field.key === key);
