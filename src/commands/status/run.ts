import { maskToken } from '../../ui/mask.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

const sourceLabel = {
  flag: 'flag',
  env: 'environment',
  profile: 'config file',
  default: 'default',
  none: 'not set',
} as const;

export const run: RunOf<typeof spec> = async (_options, ctx) => {
  const s = ctx.settings();
  const file = ctx.configStore().file;
  // A saved token this line does not send (another address) is still shown, with the address it is for.
  const withheld = s.withheldToken ? ctx.configStore().profile(s.profile).token : undefined;
  const shownToken = s.token ?? withheld;
  const token = shownToken === undefined ? undefined : maskToken(shownToken.trim());
  const tokenSource = withheld ? 'profile' : s.tokenSource;
  const tokenOrigin = tokenSource === 'env' ? 'AGENTS_TOKEN' : file;

  if (ctx.out.forProgram) {
    return ctx.out.document({
      profile: s.profile,
      baseUrl: s.baseUrl ?? null,
      baseUrlSource: s.sources.baseUrl,
      token: token ?? null,
      tokenSource,
      tokenFor: s.tokenBaseUrl ?? null,
      tokenSent: s.token !== undefined,
      timeoutSeconds: s.timeout,
      configFile: file,
    });
  }
  const t = ctx.out.theme;
  const tokenFor = s.tokenBaseUrl ? `, for ${s.tokenBaseUrl}` : withheld ? ', for no saved address' : '';
  const tokenRow = !token
    ? t.warn('not set — run `agents login`')
    : withheld
      ? `${token} ${t.muted(`(from ${tokenOrigin}${tokenFor})`)} ${t.warn(`not sent to ${s.baseUrl}`)}`
      : `${token} ${t.muted(`(from ${tokenOrigin}${tokenSource === 'env' ? '' : tokenFor})`)}`;
  const rows: Array<[string, string]> = [
    ['profile', s.profile],
    [
      'base URL',
      s.baseUrl
        ? `${s.baseUrl} ${t.muted(`(${sourceLabel[s.sources.baseUrl]})`)}`
        : t.warn('not set — run `agents login`'),
    ],
    ['token', tokenRow],
    ['timeout', `${s.timeout}s ${t.muted(`(${sourceLabel[s.sources.timeout]})`)}`],
    ['config file', file],
  ];
  await ctx.out.result(null, {
    human: () => rows.map(([label, value]) => `${t.muted(label.padEnd(11))}  ${value}`).join('\n'),
  });
};
