// `agents chat`: one session with an agent, a turn per line.
import { z } from '../../util/zod.js';
import { pickedAgentArg } from '../argument-words.js';
import { sessionFlags, toolCallShape } from '../invoke/definition.js';
import { errorShape, titled } from '../output-shapes.js';
import { defineSpec } from '../../definition/define.js';

export const spec = defineSpec({
  path: 'chat',
  summary: 'Talk with an agent in one session',
  description:
    'Talk with an agent in one session, replies streamed live. /help lists the commands, /new starts a fresh session, /exit or Ctrl-D leaves; //text sends text that starts with /. Ctrl-C stops the current reply; at the prompt, Ctrl-C twice leaves. With stdin not a terminal, each line is one turn, so a conversation can be scripted; with --json each turn is one JSON line.',
  args: [pickedAgentArg()],
  flags: sessionFlags,
  output: {
    name: 'chat',
    schema: () =>
      titled(
        z.object({
          input: z.string(),
          output: z.optional(z.unknown()).check(z.describe('the answer text (so far, when the turn failed)')),
          sessionId: z.nullable(z.string()),
          toolCalls: z.array(toolCallShape()),
          error: z.optional(errorShape()),
        }),
        'agents chat --json: one line (NDJSON) per turn',
      ),
  },
  // The piped conversation first: -c then continues it, so the lines run in this order as written.
  uses: ['service', 'state', 'prompts', 'runLog'],
  examples: [
    'printf \'Hi\\nWhat did I say?\\n\' | agents chat "Docs bot"',
    'printf \'Hi\\nWhat did I say?\\n\' | agents chat "Docs bot" -c --json | jq -r .output',
    'agents chat "Docs bot"',
  ],
  readsStdin: ['00000000-0000-4000-8000-000000000001'],
});
