import { findConfigKey } from '../../../config/keys.js';
import type { RunOf } from '../../command.js';
import { assertTokenStaysHome, profileName } from '../shared.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async ({ key: name, value: text }, ctx) => {
  const key = findConfigKey(name);
  // The setting's own reader and bounds: what a flag or a variable would refuse is not saved.
  const value = key.parse(text);
  await ctx.configStore().updateProfile(profileName(ctx), (profile) => {
    if (key.field === 'baseUrl') assertTokenStaysHome(profile, String(value), profileName(ctx));
    return { ...profile, [key.field]: value };
  });
  await ctx.out.result(
    { key: key.name, value },
    { human: () => ctx.io.logger.success(`${key.name} = ${value} (profile ${profileName(ctx)})`) },
  );
};
