// `agents logs replay ID`: the logged input sent again, the new answer against the logged one.
import { z } from '../../../util/zod.js';
import { reference, requiredArg } from '../../../definition/flags.js';
import { titled } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';

const side = () =>
  z.object({
    answer: z.string(),
    ttftMs: z.nullable(z.number()),
    totalMs: z.nullable(z.number()),
    error: z.nullable(z.object({ kind: z.string(), message: z.string() })),
  });

export const spec = defineSpec({
  path: 'logs replay',
  summary: 'Send a logged input again and compare the new answer with the logged one',
  description:
    'Send the input of a logged run again, in a fresh session, to the same agent or to --agent, print the new answer, then on a terminal what changed word by word: the way to see what a prompt or model change did. --json gives both answers and their timings. The replay is logged too.',
  args: [requiredArg('id', 'the run, by its id or the start of it', { label: 'run', complete: { kind: 'runs' } })],
  flags: { agent: reference('agent', 'send it to this agent instead (a name, an id prefix or an id)') },
  output: {
    name: 'logs-replay',
    schema: () =>
      titled(
        z.object({ run: z.string(), agentId: z.string(), id: z.nullable(z.string()), logged: side(), now: side() }),
        'agents logs replay --json: the logged answer and the new one (id: the replay in the log)',
      ),
  },
  uses: ['service', 'env', 'runLog'],
  examples: [
    'agents logs replay "$(agents logs -n 1 -q)"',
    'agents logs replay "$(agents logs -n 1 -q)" --agent "Travel bot" --json',
  ],
});
