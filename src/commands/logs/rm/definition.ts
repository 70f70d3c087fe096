// `agents logs rm`: forget runs.
import { z } from '../../../util/zod.js';
import { on, text, variadicArg } from '../../../definition/flags.js';
import { titled } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';
import { AGENT_FLAG } from '../filter-flags.js';

export const spec = defineSpec({
  path: 'logs rm',
  summary: 'Delete runs from the run log, their text from the file too',
  description:
    'Delete runs by id, or all runs before a time (--before) or of an agent (--agent). Their text leaves the file: deleted pages are overwritten, the full-text index forgets them, and the write-ahead log is emptied. Asks on a terminal; scripts pass --yes.',
  args: [variadicArg('ids', 'runs, by id or the start of one', { label: 'run', complete: { kind: 'runs' } })],
  flags: {
    before: text('every run before this time: 2026-11-01, or ago: 30d', { placeholder: 'when' }),
    ...AGENT_FLAG,
    yes: on('do not ask for confirmation', { short: '-y' }),
  },
  output: { name: 'logs-rm', schema: () => titled(z.object({ removed: z.number() }), 'agents logs rm --json') },
  uses: ['env', 'prompts'],
  examples: ['agents logs rm "$(agents logs -n 1 -q)" --yes', 'agents logs rm --before 30d --yes'],
});
