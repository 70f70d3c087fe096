// `agents config get KEY`: one setting of the profile.
import { z } from '../../../util/zod.js';
import { CONFIG_KEYS } from '../../../config/keys.js';
import { titled } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';
import { keyArgument } from '../key-argument.js';

/** A setting and its value in the profile, null when unset. */
export const settingShape = () =>
  titled(
    z.object({
      key: z.enum(CONFIG_KEYS.map((key) => key.name) as [string, ...string[]]),
      value: z.nullable(z.union([z.string(), z.number(), z.boolean()])),
    }),
    'agents config get|set|unset --json: the key and its value in the profile (null when unset)',
  );

export const spec = defineSpec({
  path: 'config get',
  summary: 'Print one setting',
  args: [keyArgument()],
  flags: {},
  output: { name: 'config-value', schema: settingShape },
  uses: ['config', 'env'],
  examples: ['agents config get base-url'],
});
