import { CONFIG_KEYS, findConfigKey } from '../../config/keys.js';
import { resolveProfileName } from '../../config/settings.js';
import { sameAddress } from '../../config/base-url.js';
import type { Profile } from '../../config/store.js';
import type { Context } from '../../context.js';
import { CliError } from '../../errors.js';
import * as z from 'zod/mini';
import type { CommandModule } from '../define.js';
import { aWord, noArguments, noOptions } from '../option-schemas.js';

type NoOptions = z.infer<typeof noOptions>;

function profileName(ctx: Context): string {
  return resolveProfileName(ctx.globals, ctx.env);
}

export const getModule: CommandModule<NoOptions, [string]> = {
  optionsSchema: noOptions,
  argumentsSchema: z.tuple([aWord()]),
  run(ctx, [name]) {
    const key = findConfigKey(name);
    const value = ctx.configStore().profile(profileName(ctx))[key.field];
    if (ctx.io.json) return ctx.io.printJson({ key: key.name, value: value ?? null });
    if (value === undefined) throw new CliError('not-found', `${key.name} is not set in profile ${profileName(ctx)}`);
    ctx.io.print(String(value));
  },
};

export const setModule: CommandModule<NoOptions, [string, string]> = {
  optionsSchema: noOptions,
  argumentsSchema: z.tuple([aWord(), aWord()]),
  async run(ctx, [name, text]) {
    const key = findConfigKey(name);
    const value = key.parse(text);
    await ctx.configStore().updateProfile(profileName(ctx), (profile) => {
      if (key.field === 'baseUrl') assertTokenStaysHome(profile, String(value), profileName(ctx));
      return { ...profile, [key.field]: value };
    });
    if (ctx.io.json) return ctx.io.printJson({ key: key.name, value });
    ctx.io.logger.success(`${key.name} = ${value} (profile ${profileName(ctx)})`);
  },
};

export const unsetModule: CommandModule<NoOptions, [string]> = {
  optionsSchema: noOptions,
  argumentsSchema: z.tuple([aWord()]),
  async run(ctx, [name]) {
    const key = findConfigKey(name);
    await ctx.configStore().updateProfile(profileName(ctx), (profile) => ({ ...profile, [key.field]: undefined }));
    if (ctx.io.json) return ctx.io.printJson({ key: key.name, value: null });
    ctx.io.logger.success(`${key.name} unset (profile ${profileName(ctx)})`);
  },
};

export const listModule: CommandModule<NoOptions, []> = {
  optionsSchema: noOptions,
  argumentsSchema: noArguments,
  run(ctx) {
    const profile = ctx.configStore().profile(profileName(ctx));
    const entries = CONFIG_KEYS.map((key) => [key.name, profile[key.field]] as const);
    if (ctx.io.json) {
      return ctx.io.printJson(Object.fromEntries(entries.map(([name, value]) => [name, value ?? null])));
    }
    ctx.io.print(entries.map(([name, value]) => `${name}=${value ?? ''}`).join('\n'));
  },
};

/** A saved token belongs to the address it was saved with: moving the address would send it elsewhere. */
function assertTokenStaysHome(profile: Profile, baseUrl: string, name: string): void {
  if (!profile.token || (profile.baseUrl !== undefined && sameAddress(profile.baseUrl, baseUrl))) return;
  throw new CliError(
    'usage',
    `profile "${name}" holds a token saved for ${profile.baseUrl ?? 'no address'}: base-url stays`,
    {
      hint: `A token goes only to the address it was saved for. Log in to the new one with \`agents login --base-url ${baseUrl}\` (or \`agents logout\` first).`,
    },
  );
}
