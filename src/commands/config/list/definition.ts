// `agents config list`: every setting of the profile.
import { z } from '../../../util/zod.js';
import { SETTINGS } from '../../../config/setting-specs.js';
import { titled } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';

export const spec = defineSpec({
  path: 'config list',
  summary: 'Print every setting of the profile',
  args: [],
  flags: {},
  output: {
    name: 'config-list',
    schema: () =>
      titled(
        // One field per setting of the table, typed as the table says: a new setting is listed here too.
        z.object(
          Object.fromEntries(
            SETTINGS.flatMap((setting) =>
              setting.key
                ? [
                    [
                      setting.key,
                      z.nullable({ string: z.string(), number: z.number(), boolean: z.boolean() }[setting.type]),
                    ],
                  ]
                : [],
            ),
          ),
        ),
        'agents config list --json: every setting of the profile, null when unset',
      ),
  },
  uses: ['config', 'env'],
  examples: ['agents config list --json'],
});
