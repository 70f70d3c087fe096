// The verbs of `agents keys`. On the legacy service a token is checked by its signature and its
// user only, never against the key table: a deleted key keeps working, and the only revocation is
// rotating the service's JWT secret. Deleting says so.
import * as z from 'zod/mini';
import { createKey, deleteKey, listKeys, renameKey, type ApiKey } from '../../api/accounts.js';
import type { ApiClient } from '../../api/client.js';
import type { Context } from '../../context.js';
import { CliError } from '../../errors.js';
import { confirmDeletion } from '../../prompts/confirm-delete.js';
import { matchReference } from '../../references.js';
import { escapeControls } from '../../ui/safe-text.js';
import { renderTable } from '../../ui/table.js';
import type { CommandModule } from '../define.js';
import { aSwitch, aWord, noArguments } from '../option-schemas.js';

const STILL_VALID =
  'On the legacy service a deleted key keeps working: tokens are checked by signature and user, never against the key list. Only rotating the service\u2019s JWT secret revokes it.';

type Verb = 'list' | 'create' | 'rename' | 'delete';
const OPTIONS = {
  list: z.object({}),
  create: z.object({}),
  rename: z.object({}),
  delete: z.object({ yes: aSwitch() }),
};
const ARGUMENTS = {
  list: noArguments,
  create: z.tuple([aWord()]),
  rename: z.tuple([aWord(), aWord()]),
  delete: z.tuple([aWord()]),
} satisfies Record<Verb, z.ZodMiniType>;

type ArgumentsOf<V extends Verb> = z.infer<(typeof ARGUMENTS)[V]>;

/** A key named by its name, an id prefix or its id (one list request). */
async function resolveKey(client: ApiClient, reference: string): Promise<ApiKey> {
  const keys = await listKeys(client);
  const id = matchReference(
    { noun: 'API key', command: 'agents keys', nameKey: 'name' },
    keys.map((key) => ({ id: key.id, name: key.name })),
    reference,
  );
  return keys.find((key) => key.id === id)!;
}

const describe = (key: ApiKey) => `API key ${escapeControls(key.name)} (${key.displayApiKey})`;

const verbs: { [V in Verb]: (ctx: Context, args: ArgumentsOf<V>, options: { yes?: boolean }) => Promise<void> } = {
  async list(ctx) {
    const keys = await listKeys(await ctx.client());
    ctx.io.result(keys, {
      quiet: () => keys.map((key) => key.id),
      human: () => {
        if (keys.length === 0) return ctx.io.logger.info('No API keys yet. Mint one with `agents keys create NAME`.');
        const rows = keys.map((key) => [
          escapeControls(key.name),
          key.displayApiKey,
          (key.createdAt ?? '').slice(0, 10),
          key.id,
        ]);
        return renderTable(['NAME', 'KEY', 'CREATED', 'ID'], rows, {
          theme: ctx.io.stdoutTheme,
          width: ctx.io.columns,
        });
      },
    });
  },

  async create(ctx, args) {
    const key = await createKey(await ctx.client(), args[0]);
    if (!key.apiKey) throw new CliError('bad-response', 'the service created the key but did not send it');
    // The one time the key exists outside the service: stdout only, never stderr or a log.
    if (ctx.io.json) return ctx.io.printJson(key);
    ctx.io.print(key.apiKey);
    if (!ctx.io.quiet)
      ctx.io.logger.success(
        `Minted ${describe(key)}. This is the only time it is shown: store it now (e.g. as a CI secret, used as AGENTS_TOKEN).`,
      );
  },

  async rename(ctx, args) {
    const client = await ctx.client();
    const key = await resolveKey(client, args[0]);
    const renamed = await renameKey(client, key.id, args[1]);
    if (ctx.io.json) return ctx.io.printJson(renamed);
    if (!ctx.io.quiet) ctx.io.logger.success(`Renamed ${describe(key)} to ${escapeControls(renamed.name)}`);
  },

  async delete(ctx, args, options) {
    const client = await ctx.client();
    const key = await resolveKey(client, args[0]);
    await confirmDeletion(
      ctx,
      describe(key),
      options.yes,
      'It goes from the list, but on the legacy service it keeps working.',
    );
    await deleteKey(client, key.id);
    if (ctx.io.json) return ctx.io.printJson({ id: key.id, name: key.name, deleted: true, stillValid: true });
    ctx.io.logger.success(`Deleted ${describe(key)} from the list`);
    ctx.io.logger.warn(STILL_VALID);
  },
};

export function keysVerb<V extends Verb>(verb: V): CommandModule<{ yes?: boolean }, ArgumentsOf<V>> {
  const run = verbs[verb] as (ctx: Context, args: ArgumentsOf<V>, options: { yes?: boolean }) => Promise<void>;
  return {
    optionsSchema: OPTIONS[verb],
    argumentsSchema: ARGUMENTS[verb] as unknown as z.ZodMiniType<ArgumentsOf<V>>,
    run: (ctx, args, options) => run(ctx, args, options),
  };
}
