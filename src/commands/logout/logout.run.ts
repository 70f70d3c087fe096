import type { Context } from '../../context.js';
import { noArguments, noOptions } from '../option-schemas.js';

export const optionsSchema = noOptions;
export const argumentsSchema = noArguments;

export async function run(ctx: Context, _args: []): Promise<void> {
  const settings = ctx.settings();
  const store = ctx.configStore();
  const hadToken = store.profile(settings.profile).token !== undefined;
  if (hadToken) await store.updateProfile(settings.profile, (profile) => ({ ...profile, token: undefined }));

  if (ctx.io.json) return ctx.io.printJson({ profile: settings.profile, loggedOut: hadToken });
  ctx.io.logger.success(
    hadToken ? `Logged out (profile ${settings.profile})` : `No token was saved for profile ${settings.profile}`,
  );
  if (ctx.env.AGENTS_TOKEN) ctx.io.logger.warn('AGENTS_TOKEN is still set in the environment and will be used.');
}
