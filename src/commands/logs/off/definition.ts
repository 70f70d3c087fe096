// `agents logs off`: runs are not logged from now on (the `logs` setting of the profile).
import { z } from '../../../util/zod.js';
import { defineSpec } from '../../../definition/define.js';
import { titled } from '../../output-shapes.js';

export const spec = defineSpec({
  path: 'logs off',
  summary: 'Stop logging runs (what is logged stays until agents logs rm)',
  description:
    'Turn the run log off for the profile: the setting logs (agents config set logs false). For one command, --no-log or AGENTS_NO_LOG=1.',
  args: [],
  flags: {},
  output: {
    name: 'logs-switch',
    schema: () => titled(z.object({ logs: z.boolean(), profile: z.string() }), 'agents logs on|off --json'),
  },
  uses: ['settings', 'config'],
  examples: ['agents logs off', 'agents logs on   # and runs are logged again'],
});
