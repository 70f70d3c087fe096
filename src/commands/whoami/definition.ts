// `agents whoami`: the user a token belongs to.
import { z } from '../../util/zod.js';
import { titled } from '../output-shapes.js';
import { defineSpec } from '../../definition/define.js';

export const spec = defineSpec({
  path: 'whoami',
  summary: 'Show the user the token belongs to, the profile and the service address',
  args: [],
  flags: {},
  output: {
    name: 'whoami',
    schema: () =>
      titled(
        z.object({
          id: z.string(),
          email: z.nullable(z.string()),
          profile: z.string(),
          baseUrl: z.nullable(z.string()),
        }),
        'agents whoami --json: never the token',
      ),
  },
  uses: ['service'],
  examples: ['agents whoami', 'agents whoami --json'],
});
