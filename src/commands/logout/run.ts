import { CliError } from '../../errors.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (_options, ctx) => {
  const settings = ctx.settings();
  const store = ctx.configStore();
  const known = store.profileNames();
  // A profile that is not there is a typo, not a logout that happened: a script must not go on as if it did.
  if (settings.profile !== 'default' && !known.includes(settings.profile))
    throw new CliError('usage', `there is no profile "${settings.profile}"`, {
      hint:
        known.length > 0 ? `Profiles here: ${known.join(', ')}.` : 'No profile is saved here: nothing to log out of.',
    });
  const hadToken = store.profile(settings.profile).token !== undefined;
  if (hadToken) await store.updateProfile(settings.profile, (profile) => ({ ...profile, token: undefined }));

  await ctx.out.result(
    { profile: settings.profile, loggedOut: hadToken },
    {
      human: () =>
        ctx.io.logger.success(
          hadToken ? `Logged out (profile ${settings.profile})` : `No token was saved for profile ${settings.profile}`,
        ),
    },
  );
  if (ctx.env.AGENTS_TOKEN && !ctx.out.forProgram)
    ctx.io.logger.warn('AGENTS_TOKEN is still set in the environment and will be used.');
};
