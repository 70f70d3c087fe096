import { listAgentsPaged } from '../../api/agents.js';
import { collect } from '../../api/paging.js';
import { normalizeBaseUrl } from '../../config/base-url.js';
import { readToken as readTokenAs } from '../../config/setting-specs.js';
import { assertTokenMayTravel } from '../../context.js';
import { ApiError, CliError } from '../../errors.js';
import { readAll } from '../../io/read-input.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

/** What this run receives (its spec's `uses`), as its helpers take it. */
type RunCtx = Parameters<RunOf<typeof spec>>[1];

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const settings = ctx.settings();
  const baseUrl = settings.baseUrl ?? (await askBaseUrl(ctx));
  assertTokenMayTravel(baseUrl, settings.allowInsecureHttp);
  const asked = !options.tokenStdin; // typed at the prompt: a rejected one is asked again
  let token = await readToken(ctx, options.tokenStdin);
  // Check the token before saving it, so a typo fails here and not in the next command. A person
  // at the prompt is asked again, with the address kept; a script gets the error.
  for (let attempt = 1; !options.skipVerify; attempt++) {
    const rejected = await rejection(ctx, baseUrl, token);
    if (!rejected) break;
    if (!asked || attempt >= TOKEN_ATTEMPTS) throw rejected;
    ctx.io.logger.warn(`${rejected.message}: type it again (Ctrl-C stops)`);
    token = await readToken(ctx, false);
  }

  await ctx.configStore().updateProfile(settings.profile, (profile) => ({ ...profile, baseUrl, token }));
  await ctx.out.result(
    { profile: settings.profile, baseUrl, verified: !options.skipVerify },
    { human: () => ctx.io.logger.success(`Logged in to ${baseUrl} (profile ${settings.profile})`) },
  );
  if (settings.tokenSource === 'env')
    ctx.io.logger.warn('AGENTS_TOKEN is set and takes precedence over the saved token.');
};

/** Tokens typed at the prompt before login gives up, as sudo does with passwords. */
const TOKEN_ATTEMPTS = 3;

/** Why the service refuses the token, or undefined when it accepts it. */
async function rejection(ctx: RunCtx, baseUrl: string, token: string): Promise<CliError | undefined> {
  try {
    await collect(listAgentsPaged(await ctx.clientFor(baseUrl, token), { limit: 1, pageSize: 1 }));
    return undefined;
  } catch (error) {
    // The real service cannot decode a wrong token and answers a bare 500 (no 401).
    if (error instanceof ApiError && error.status === 500 && error.plainText)
      return new CliError('auth', 'the service rejected the token', {
        hint: 'It answered a bare HTTP 500, which is how it fails a token it cannot read. Check the token and pass it again.',
        cause: error,
      });
    if (error instanceof CliError && error.kind === 'auth') return error;
    throw error;
  }
}

async function askBaseUrl(ctx: RunCtx): Promise<string> {
  if (!ctx.io.interactive) {
    throw new CliError('usage', 'missing --base-url', { hint: 'Pass --base-url URL or set AGENTS_BASE_URL.' });
  }
  const answer = await ctx.prompter.text('Service address (without /api/v1)', {
    validate: (value) => {
      try {
        normalizeBaseUrl(value);
        return true;
      } catch (error) {
        return (error as Error).message;
      }
    },
  });
  return normalizeBaseUrl(answer);
}

async function readToken(ctx: RunCtx, fromStdin: boolean): Promise<string> {
  if (fromStdin) {
    const given = await readAll(ctx.io.stdin);
    if (!given.trim()) throw new CliError('usage', 'no token on standard input');
    return readTokenAs(given, 'the token on standard input'); // the checks AGENTS_TOKEN gets, exit 4
  }
  if (!ctx.io.interactive) {
    throw new CliError('usage', 'missing token', {
      hint: 'Pipe it in with --token-stdin, e.g. `agents login --token-stdin < token.txt`.',
    });
  }
  const typed = await ctx.prompter.secret('Token', {
    validate: (value) => {
      try {
        readTokenAs(value, 'the token');
        return true;
      } catch (error) {
        return (error as Error).message;
      }
    },
  });
  return readTokenAs(typed, 'the token');
}
