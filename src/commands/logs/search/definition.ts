// `agents logs search TEXT`: runs by full-text match over inputs and answers.
import { z } from '../../../util/zod.js';
import { count, variadicArg } from '../../../definition/flags.js';
import { titled } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';
import { AGENT_FLAG, SINCE_FLAG } from '../filter-flags.js';
import { runShape } from '../shapes.js';

export const spec = defineSpec({
  path: 'logs search',
  summary: 'Find logged runs by the words of their input or answer',
  description:
    'Find runs whose input or answer holds every word given (full-text search, any order, any case), best match first, the matching words highlighted on a terminal. A word is letters and digits (emoji and punctuation are not searched); end one with * to match words that start with it (wea* finds weather).',
  args: [variadicArg('text', 'the words to find', { required: true })],
  flags: {
    limit: count('how many runs to show', { short: '-n', min: 1, max: 100_000, default: '20' }),
    ...AGENT_FLAG,
    ...SINCE_FLAG,
  },
  output: {
    name: 'logs-search',
    schema: () =>
      titled(
        z.array(z.object({ run: runShape(), inputSnippet: z.string(), answerSnippet: z.string() })),
        'agents logs search --json: the matching runs, best first, each with the matching part of its input and answer (matches between U+E000 and U+E001)',
      ),
  },
  uses: ['env'],
  examples: [
    'agents logs search refund policy',
    "agents logs search 'wea*'                # words that start with wea",
    'agents logs search refund --agent "Support bot" --since 7d -n 5',
  ],
});
