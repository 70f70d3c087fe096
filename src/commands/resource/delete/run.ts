import { nameOf, type ResourceDescriptor } from '../../../resources/descriptor.js';
import { confirmDeletion } from '../../../prompts/confirm-delete.js';
import { escapeControls } from '../../../ui/safe-text.js';
import { resolveRecordId } from '../../../prompts/pick.js';
import type { RunOf } from '../../command.js';
import { hooksOf } from '../kinds.js';
import { forgetRecord } from '../remember.js';
import { isAgent } from '../texts.js';
import type { deleteSpec } from './definition.js';

export const deleteRun =
  (resource: ResourceDescriptor): RunOf<ReturnType<typeof deleteSpec>> =>
  async (options, ctx) => {
    const { wire } = hooksOf(resource);
    const client = await ctx.client();
    const id = await resolveRecordId(ctx, resource, options.record, () => wire.list(client, 1000));
    // Some of the real service's DELETEs answer 200 for an id that does not exist: look first, to say
    // so, and to name what is about to go.
    const current = await wire.get(client, id);
    const name = nameOf(resource, current);
    const label = `${resource.noun} ${name ? `${escapeControls(name)} (${id})` : id}`;
    const consequence = isAgent(resource)
      ? 'This cannot be undone.'
      : 'Agents using it lose it. This cannot be undone.';
    await confirmDeletion(ctx, label, options.yes, consequence);
    await wire.delete(client, id);
    await forgetRecord(ctx, resource, id);
    await ctx.out.result({ id, deleted: true }, { human: () => ctx.io.logger.success(`Deleted ${label}`) });
  };
