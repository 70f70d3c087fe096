import { deleteKey } from '../../../api/accounts.js';
import { confirmDeletion } from '../../../prompts/confirm-delete.js';
import type { RunOf } from '../../command.js';
import { describeKey, resolveKey, STILL_VALID } from '../shared.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const client = await ctx.client();
  const key = await resolveKey(client, options.key);
  await confirmDeletion(
    ctx,
    describeKey(key),
    options.yes,
    'It goes from the list, but on the legacy service it keeps working.',
  );
  await deleteKey(client, key.id);
  await ctx.out.result(
    { id: key.id, name: key.name, deleted: true, stillValid: true },
    { human: () => ctx.io.logger.success(`Deleted ${describeKey(key)} from the list`) },
  );
  // The document says it in stillValid; a person (or a -q script's log) is told.
  if (!ctx.out.forProgram) ctx.io.logger.warn(STILL_VALID);
};
