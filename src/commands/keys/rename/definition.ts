// `agents keys rename`: another name for an API key.
import { requiredArg } from '../../../definition/flags.js';
import { someText } from '../../../util/readers.js';
import { defineSpec } from '../../../definition/define.js';
import { keyShape } from '../shape.js';

export const spec = defineSpec({
  path: 'keys rename',
  summary: 'Give an API key another name',
  args: [
    requiredArg('key', 'the key: its name or an id prefix'),
    requiredArg('name', 'its new name', { read: someText }),
  ],
  flags: {},
  output: { name: 'key', schema: keyShape },
  uses: ['service'],
  examples: ['agents keys rename ci ci-main'],
});
