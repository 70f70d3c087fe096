// `agents logs path`: where the run log is.
import { z } from '../../../util/zod.js';
import { defineSpec } from '../../../definition/define.js';
import { titled } from '../../output-shapes.js';

export const spec = defineSpec({
  path: 'logs path',
  summary: 'Print where the run log is',
  description:
    'Print the run log database: AGENTS_LOGS_DB; else logs.db beside config.json when AGENTS_CONFIG_DIR is set; else $XDG_DATA_HOME/agents/logs.db (~/.local/share/agents/logs.db; ~/Library/Application Support/agents on macOS; %LOCALAPPDATA%\\agents on Windows).',
  args: [],
  flags: {},
  output: { name: 'logs-path', schema: () => titled(z.object({ path: z.string() }), 'agents logs path --json') },
  uses: ['env'],
  examples: ['agents logs path', 'agents logs path --json'],
});
