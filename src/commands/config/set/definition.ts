// `agents config set KEY VALUE`: change one setting of the profile, read by the setting's own reader.
import { requiredArg } from '../../../definition/flags.js';
import { defineSpec } from '../../../definition/define.js';
import { settingShape } from '../get/definition.js';
import { keyArgument } from '../key-argument.js';

export const spec = defineSpec({
  path: 'config set',
  summary: 'Change one setting',
  args: [keyArgument(), requiredArg('value', 'new value')],
  flags: {},
  output: { name: 'config-value', schema: settingShape },
  uses: ['config', 'env'],
  examples: ['agents config set base-url https://agents.example.com', 'agents config set timeout 120 --profile ci'],
});
