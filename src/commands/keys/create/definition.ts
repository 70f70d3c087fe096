// `agents keys create`: mint an API key and print it, once.
import { requiredArg } from '../../../definition/flags.js';
import { someText } from '../../../util/readers.js';
import { defineSpec } from '../../../definition/define.js';
import { keyShape } from '../shape.js';

export const spec = defineSpec({
  path: 'keys create',
  summary: 'Mint an API key and print it, once, on stdout',
  args: [requiredArg('name', 'a name to tell the key apart', { read: someText })],
  flags: {},
  output: { name: 'key', schema: keyShape },
  uses: ['service'],
  examples: ['agents keys create ci -q > ci.key   # the key alone: store it as a CI secret'],
});
