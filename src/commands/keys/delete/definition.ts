// `agents keys delete`: an API key off the list (on the legacy service it keeps working).
import { z } from '../../../util/zod.js';
import { on, requiredArg } from '../../../definition/flags.js';
import { titled } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';

export const spec = defineSpec({
  path: 'keys delete',
  summary: 'Delete an API key from the list (on the legacy service it keeps working)',
  args: [requiredArg('key', 'the key: its name or an id prefix')],
  flags: { yes: on('do not ask for confirmation', { short: '-y' }) },
  output: {
    name: 'key-delete',
    schema: () =>
      titled(
        z.object({ id: z.string(), name: z.string(), deleted: z.literal(true), stillValid: z.boolean() }),
        'agents keys delete --json: stillValid says the legacy service keeps accepting a deleted key',
      ),
  },
  uses: ['service', 'prompts'],
  examples: ['agents keys delete ci-main --yes'],
});
