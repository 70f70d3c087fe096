// `agents keys list`: the user's API keys, masked.
import { z } from '../../../util/zod.js';
import { titled } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';
import { keyShape } from '../shape.js';

export const spec = defineSpec({
  path: 'keys list',
  summary: 'List your API keys: name, masked key, created',
  args: [],
  flags: {},
  output: { name: 'key-list', schema: () => titled(z.array(keyShape()), 'agents keys list --json') },
  uses: ['service'],
  examples: ['agents keys list', 'agents keys list --json'],
});
