// `agents config list`: every setting of the profile.
import { z } from '../../../util/zod.js';
import { titled } from '../../output-shapes.js';
import { defineSpec } from '../../../spec/spec.js';

export const spec = defineSpec({
  path: 'config list',
  summary: 'Print every setting of the profile',
  args: [],
  flags: {},
  output: {
    name: 'config-list',
    schema: () =>
      titled(
        z.object({
          'base-url': z.nullable(z.string()),
          timeout: z.nullable(z.number()),
          'allow-insecure-http': z.nullable(z.boolean()),
        }),
        'agents config list --json: every setting of the profile, null when unset',
      ),
  },
  examples: ['agents config list --json'],
});
