import type { Context } from '../../context.js';
import { maskToken } from '../../ui/mask.js';
import { noArguments, noOptions } from '../option-schemas.js';

const sourceLabel = {
  flag: 'flag',
  env: 'environment',
  profile: 'config file',
  default: 'default',
  none: 'not set',
} as const;

export const optionsSchema = noOptions;
export const argumentsSchema = noArguments;

export function run(ctx: Context, _args: []): void {
  const s = ctx.settings();
  const token = s.token === undefined ? undefined : maskToken(s.token);
  const tokenOrigin =
    s.tokenSource === 'env' ? 'AGENTS_TOKEN' : s.tokenSource === 'profile' ? ctx.configStore().file : undefined;

  if (ctx.io.json) {
    return ctx.io.printJson({
      profile: s.profile,
      baseUrl: s.baseUrl ?? null,
      baseUrlSource: s.baseUrlSource,
      token: token ?? null,
      tokenSource: s.tokenSource,
      timeoutSeconds: s.timeoutSeconds,
      configFile: ctx.configStore().file,
    });
  }
  const t = ctx.io.stdoutTheme;
  const rows: Array<[string, string]> = [
    ['profile', s.profile],
    [
      'base URL',
      s.baseUrl
        ? `${s.baseUrl} ${t.muted(`(${sourceLabel[s.baseUrlSource]})`)}`
        : t.warn('not set — run `agents login`'),
    ],
    ['token', token ? `${token} ${t.muted(`(from ${tokenOrigin})`)}` : t.warn('not set — run `agents login`')],
    ['timeout', `${s.timeoutSeconds}s ${t.muted(`(${sourceLabel[s.timeoutSource]})`)}`],
    ['config file', ctx.configStore().file],
  ];
  ctx.io.print(rows.map(([label, value]) => `${t.muted(label.padEnd(11))}  ${value}`).join('\n'));
}
