import type { ResourceDescriptor } from '../../../resources/descriptor.js';
import { resolveRecordId } from '../../../prompts/pick.js';
import type { RunOf } from '../../command.js';
import { hooksOf } from '../kinds.js';
import { rememberNames } from '../remember.js';
import type { getSpec } from './definition.js';

export const getRun =
  (resource: ResourceDescriptor): RunOf<ReturnType<typeof getSpec>> =>
  async ({ record: reference }, ctx) => {
    const hooks = hooksOf(resource);
    const { wire } = hooks;
    const client = await ctx.client();
    const id = await resolveRecordId(ctx, resource, reference, () => wire.list(client, 1000));
    const record = await wire.get(client, id);
    // The real service nests each linked LLM with its provider API key, and tools their keys in metadata.
    const shown = ctx.io.shown(record);
    await ctx.out.result(shown, { quiet: () => record.id, human: () => hooks.view(shown, ctx.out.theme) });
    await rememberNames(ctx, resource, [record]);
  };
