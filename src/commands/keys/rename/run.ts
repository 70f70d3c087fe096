import { renameKey } from '../../../api/accounts.js';
import { escapeControls } from '../../../ui/safe-text.js';
import type { RunOf } from '../../command.js';
import { describeKey, resolveKey } from '../shared.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async ({ key: reference, name }, ctx) => {
  const client = await ctx.client();
  const key = await resolveKey(client, reference);
  const renamed = await renameKey(client, key.id, name);
  await ctx.out.result(renamed, {
    human: () => ctx.io.logger.success(`Renamed ${describeKey(key)} to ${escapeControls(renamed.name)}`),
  });
};
