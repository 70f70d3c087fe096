// What the verbs of `agents config` share: the profile the line names, and the rule that keeps a
// saved token with the address it was saved for.
import { sameAddress } from '../../config/base-url.js';
import { resolveProfileName } from '../../config/settings.js';
import type { Profile } from '../../config/store.js';
import type { Uses } from '../../context.js';
import { CliError } from '../../errors.js';

export function profileName(ctx: Uses<'env'>): string {
  return resolveProfileName(ctx.globals, ctx.env);
}

/** A saved token belongs to the address it was saved with: moving the address would send it elsewhere. */
export function assertTokenStaysHome(profile: Profile, baseUrl: string, name: string): void {
  if (!profile.token || (profile.baseUrl !== undefined && sameAddress(profile.baseUrl, baseUrl))) return;
  throw new CliError(
    'usage',
    `profile "${name}" holds a token saved for ${profile.baseUrl ?? 'no address'}: base-url stays`,
    {
      hint: `A token goes only to the address it was saved for. Log in to the new one with \`agents login --base-url ${baseUrl}\` (or \`agents logout\` first).`,
    },
  );
}
