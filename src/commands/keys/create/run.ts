import { createKey } from '../../../api/accounts.js';
import { CliError } from '../../../errors.js';
import type { RunOf } from '../../command.js';
import { describeKey } from '../shared.js';
import type { spec } from './spec.js';

export const run: RunOf<typeof spec> = async ({ name }, ctx) => {
  const key = await createKey(await ctx.client(), name);
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
