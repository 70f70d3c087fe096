// Every resource kind, once. Wire calls, commands, references, completion, the stack format,
// local state and the emulator all read these two lists; a new kind is one descriptor added here.
import { AGENT } from './agent.js';
import { DATASOURCE, LLM, TOOL } from './catalog.js';
import type { AttachableDescriptor, ResourceDescriptor } from './descriptor.js';

/** The kinds an agent attaches, in the order apply creates them and a stack file lists them. */
export const ATTACHABLE = [TOOL, DATASOURCE, LLM] as const;

export type AttachKind = (typeof ATTACHABLE)[number]['kind'];
/** The stack-file section, state.json section and command group of an attachable kind. */
export type AttachablePlural = (typeof ATTACHABLE)[number]['plural'];
export type ReferenceKind = 'agent' | AttachKind;

const byKind = <D extends ResourceDescriptor>(descriptors: readonly D[]) =>
  Object.fromEntries(descriptors.map((d) => [d.kind, d]));

export const ATTACHABLE_OF = byKind<AttachableDescriptor>(ATTACHABLE) as Record<AttachKind, AttachableDescriptor>;

/** Every kind a reference (id, prefix or name) can name. */
export const KINDS = byKind<ResourceDescriptor>([AGENT, ...ATTACHABLE]) as Record<ReferenceKind, ResourceDescriptor>;

export const ATTACH_KINDS = ATTACHABLE.map<AttachKind>((d) => d.kind);

/** How an argument of this kind may be given, in every help page and hint. */
export const referenceWords = (kind: ReferenceKind | ResourceDescriptor) =>
  `an id, an id prefix or a ${(typeof kind === 'string' ? KINDS[kind] : kind).nameKey}`;
