import { findConfigKey } from '../../../config/keys.js';
import type { RunOf } from '../../command.js';
import { profileName } from '../shared.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async ({ key: name }, ctx) => {
  const key = findConfigKey(name);
  await ctx.configStore().updateProfile(profileName(ctx), (profile) => ({ ...profile, [key.field]: undefined }));
  await ctx.out.result(
    { key: key.name, value: null },
    { human: () => ctx.io.logger.success(`${key.name} unset (profile ${profileName(ctx)})`) },
  );
};
