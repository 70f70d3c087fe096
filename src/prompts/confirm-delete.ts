// Every delete asks first on a terminal and needs --yes elsewhere; "No" is exit 1, nothing deleted.
import type { Asker } from './asker.js';
import { CliError } from '../errors.js';

/** `what` names the thing ("agent Docs bot (id)"); `consequence` is said before asking. */
export async function confirmDeletion(
  ctx: Asker,
  what: string,
  yes: boolean | undefined,
  consequence = 'This cannot be undone.',
): Promise<void> {
  if (yes === true) return;
  if (!ctx.io.interactive)
    throw new CliError('usage', `refusing to delete ${what} without confirmation`, {
      hint: 'Pass --yes to delete without asking.',
    });
  if (!(await ctx.prompter.confirm(`Delete ${what}? ${consequence}`, { default: false })))
    throw new CliError('declined', `nothing deleted: kept ${what}`);
}
