// `agents logs on`: runs are logged from now on (the `logs` setting of the profile).
import { z } from '../../../util/zod.js';
import { defineSpec } from '../../../definition/define.js';
import { titled } from '../../output-shapes.js';

export const spec = defineSpec({
  path: 'logs on',
  summary: 'Log runs from now on (the default)',
  description: 'Turn the run log on for the profile: the setting logs (agents config set logs true).',
  args: [],
  flags: {},
  output: {
    name: 'logs-switch',
    schema: () => titled(z.object({ logs: z.boolean(), profile: z.string() }), 'agents logs on|off --json'),
  },
  uses: ['settings', 'config'],
  examples: ['agents logs on'],
});
