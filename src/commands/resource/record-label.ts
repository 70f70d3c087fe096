// How a message names a record: by the name the user knows, with the start of its id beside it
// (two records may share a name), or by its id when no name is known without another request.
import type { StateStore } from '../../config/state.js';

const SHOWN_ID_CHARS = 8;

/** `Docs bot (3f2a9c1e)`, or the id when there is no name. */
export function recordLabel(name: string | undefined, id: string): string {
  return name ? `${name} (${id.slice(0, SHOWN_ID_CHARS)})` : id;
}

/** The reference the line gave when it was a name: an id or an id prefix names nothing. */
export function typedName(reference: string | undefined, id: string): string | undefined {
  return reference && !id.startsWith(reference) ? reference : undefined;
}

/**
 * The agent's name for the run log: as this machine knows it (state.json), else the reference the
 * line gave when that was a name (an id or an id prefix names nothing).
 */
export function agentNameFor(
  ctx: { stateStore(): StateStore },
  agentId: string,
  reference: string | undefined,
): string | undefined {
  return knownHere(ctx, 'agents')[agentId]?.name ?? typedName(reference, agentId);
}

/** The records of a state.json section this machine knows, by id; none when the file cannot be read (that is said where it is written). */
export function knownHere(ctx: { stateStore(): StateStore }, section: string): Record<string, { name?: string }> {
  try {
    return ctx.stateStore().known(section);
  } catch {
    return {};
  }
}
