// `agents status`: where each setting comes from, the token masked.
import { z } from '../../util/zod.js';
import { described, titled } from '../output-shapes.js';
import { defineSpec } from '../../definition/define.js';

export const spec = defineSpec({
  path: 'status',
  summary: 'Show the profile, service address and where the token comes from',
  args: [],
  flags: {},
  output: {
    name: 'status',
    schema: () =>
      titled(
        z.object({
          profile: z.string(),
          baseUrl: z.nullable(z.string()),
          baseUrlSource: z.string(),
          token: described(
            z.nullable(z.string().check(z.regex(/^\*{4}.{0,4}$/))),
            'masked: four stars, then at most the last 4 characters and never more than a quarter of the token',
          ),
          tokenSource: z.string(),
          tokenFor: described(
            z.nullable(z.string()),
            "the address the token belongs to: the one its profile saved it for (or null), or this line's address for AGENTS_TOKEN",
          ),
          tokenSent: described(
            z.boolean(),
            'whether this line sends the token: a saved token goes only to the address it was saved for',
          ),
          timeoutSeconds: z.number(),
          configFile: z.string(),
        }),
        'agents status --json',
      ),
  },
  uses: ['settings', 'config'],
  examples: ['agents status', 'agents status --profile staging --json'],
});
