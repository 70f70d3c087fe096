// `agents config unset KEY`: remove one setting; its default applies again.
import { defineSpec } from '../../../definition/define.js';
import { settingShape } from '../get/definition.js';
import { keyArgument } from '../key-argument.js';

export const spec = defineSpec({
  path: 'config unset',
  summary: 'Remove one setting (its default applies again)',
  args: [keyArgument()],
  flags: {},
  output: { name: 'config-value', schema: settingShape },
  uses: ['config', 'env'],
  examples: ['agents config unset timeout'],
});
