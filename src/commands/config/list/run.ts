import { CONFIG_KEYS } from '../../../config/keys.js';
import type { RunOf } from '../../command.js';
import { profileName } from '../shared.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (_options, ctx) => {
  const profile = ctx.configStore().profile(profileName(ctx));
  const entries = CONFIG_KEYS.map((key) => [key.name, profile[key.field]] as const);
  await ctx.out.result(Object.fromEntries(entries.map(([name, value]) => [name, value ?? null])), {
    human: () => entries.map(([name, value]) => `${name}=${value ?? ''}`).join('\n'),
    quiet: () => entries.map(([name, value]) => `${name}=${value ?? ''}`),
  });
};
