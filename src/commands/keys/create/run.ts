import { createKey, listKeys } from '../../../api/accounts.js';
import { CliError } from '../../../errors.js';
import type { RunOf } from '../../command.js';
import { describeKey } from '../shared.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async ({ name }, ctx) => {
  const client = await ctx.client();
  // Keys are told apart by name in lists and by `keys rename|delete NAME`: a second one of a name is
  // allowed (the service takes it) but said, since the name then picks neither.
  const same = (await listKeys(client)).filter((key) => key.name === name);
  if (same.length > 0)
    ctx.io.logger.warn(
      `${same.map(describeKey).join(', ')} ${same.length === 1 ? 'has' : 'have'} this name already: the new key is another one, to be named by its id prefix`,
    );
  const key = await createKey(client, name);
  if (!key.apiKey) throw new CliError('bad-response', 'the service created the key but did not send it');
  const apiKey = key.apiKey;
  // The one time the key exists outside the service: stdout only, never stderr or a log.
  await ctx.out.result(key, {
    quiet: () => apiKey,
    human: () => {
      ctx.io.logger.success(
        `Minted ${describeKey(key)}. This is the only time it is shown: store it now (e.g. as a CI secret, used as AGENTS_TOKEN).`,
      );
      return apiKey;
    },
  });
};
