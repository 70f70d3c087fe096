import { getMe } from '../../api/accounts.js';
import { escapeControls } from '../../ui/safe-text.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (_options, ctx) => {
  const settings = ctx.settings();
  const me = await getMe(await ctx.client());
  // The route returns the user's token too: it is never shown.
  const shown = { id: me.id, email: me.email ?? null, profile: settings.profile, baseUrl: settings.baseUrl ?? null };
  const t = ctx.out.theme;
  // The service's words: escaped, so an id or email cannot drive the terminal or forge a line.
  const rows: Array<[string, string]> = [
    ['user', escapeControls(String(me.id))],
    ['email', typeof me.email === 'string' ? escapeControls(me.email) : t.muted('(none)')],
    ['profile', settings.profile],
    ['base URL', settings.baseUrl ?? ''],
  ];
  await ctx.out.result(shown, {
    quiet: () => me.id,
    human: () => rows.map(([label, value]) => `${t.muted(label.padEnd(8))}  ${value}`).join('\n'),
  });
};
