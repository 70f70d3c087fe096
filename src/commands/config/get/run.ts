import { findConfigKey } from '../../../config/keys.js';
import { CliError } from '../../../errors.js';
import type { RunOf } from '../../command.js';
import { profileName } from '../shared.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async ({ key: name }, ctx) => {
  const key = findConfigKey(name);
  const value = ctx.configStore().profile(profileName(ctx))[key.field];
  if (value === undefined && !ctx.out.forProgram)
    throw new CliError('not-found', `${key.name} is not set in profile ${profileName(ctx)}`);
  await ctx.out.result(
    { key: key.name, value: value ?? null },
    { quiet: () => String(value), human: () => String(value) },
  );
};
