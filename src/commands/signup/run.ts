import { createUser } from '../../api/accounts.js';
import { assertTokenMayTravel } from '../../context.js';
import { CliError } from '../../errors.js';
import { rememberSecret } from '../../secrets/known.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const { email } = options;
  if (email === undefined) throw new CliError('usage', 'missing --email', { hint: 'Pass the email of the new user.' });
  const settings = ctx.settings();
  if (!settings.baseUrl) {
    throw new CliError('usage', 'missing --base-url', {
      hint: 'Pass --base-url URL or set AGENTS_BASE_URL; `agents emulator` runs a local service.',
    });
  }
  assertTokenMayTravel(settings.baseUrl, settings.allowInsecureHttp);
  // Nothing the user had is lost: a saved token is replaced only when they say so.
  if (ctx.configStore().profile(settings.profile).token && !options.yes) {
    const question = `Profile ${settings.profile} has a token already. Replace it with the new user's?`;
    if (!ctx.io.interactive)
      throw new CliError('usage', `profile ${settings.profile} has a token already`, {
        hint: 'Pass --yes to replace it, or --profile NAME for another.',
      });
    if (!(await ctx.prompter.confirm(question, { default: false })))
      throw new CliError(
        'declined',
        `nothing changed: no user was created, profile ${settings.profile} kept its token`,
      );
  }
  const user = await createUser(await ctx.clientFor(settings.baseUrl, ''), email);
  if (typeof user?.token !== 'string' || !user.token)
    throw new CliError('bad-response', 'the service created the user but sent no token');
  const { token, ...shown } = user;
  // Never printed, unless asked for in the --json document.
  const json = ctx.out.forProgram;
  if (!(json && options.showToken)) rememberSecret(token);
  await ctx
    .configStore()
    .updateProfile(settings.profile, (profile) => ({ ...profile, baseUrl: settings.baseUrl, token }));
  if (json)
    return ctx.out.document({
      ...shown,
      ...(options.showToken && { token }),
      profile: settings.profile,
      baseUrl: settings.baseUrl,
    });
  ctx.io.logger.success(
    `Signed up as ${shown.email ?? email} (user ${shown.id}); its token is saved in profile ${settings.profile}`,
  );
  ctx.io.logger.info(
    'A new user has no LLM yet: `agents llms create --provider OPENAI --api-key-stdin` (or apply a stack with an LLM) before the first agent.',
  );
  if (settings.tokenSource === 'env')
    ctx.io.logger.warn('AGENTS_TOKEN is set and takes precedence over the saved token.');
};
