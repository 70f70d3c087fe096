// `agents logout`: forget the token of a profile; its address stays.
import { z } from '../../util/zod.js';
import { described, titled } from '../output-shapes.js';
import { defineSpec } from '../../definition/define.js';

export const spec = defineSpec({
  path: 'logout',
  summary: 'Forget the token of a profile (the base URL is kept)',
  args: [],
  flags: {},
  output: {
    name: 'logout',
    schema: () =>
      titled(
        z.object({
          profile: z.string(),
          loggedOut: described(z.boolean(), 'false when the profile had no token to forget'),
        }),
        'agents logout --json',
      ),
  },
  uses: ['settings', 'config', 'env'],
  examples: ['agents logout', 'agents logout --profile staging'],
});
