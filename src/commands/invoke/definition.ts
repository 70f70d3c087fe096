// `agents invoke`: send an input to an agent and print its answer as it streams.
import { z } from '../../util/zod.js';
import { pickedAgentArg } from '../argument-words.js';
import { count, fraction, inputPath, off, on, optionalArg, text } from '../../definition/flags.js';
import { errorShape, titled } from '../output-shapes.js';
import { defineSpec } from '../../definition/define.js';

/** The flags of a session and of the model, which chat shares. */
export const sessionFlags = {
  session: text('use this conversation session', {
    placeholder: 'id',
    conflicts: ['continue'],
    negatable: 'send no session (the service shares one memory between such calls)',
  }),
  continue: on('continue the last session this machine used with the agent', { short: '-c' }),
  temperature: fraction('model temperature, 0 to 2', { min: 0, max: 2 }),
  maxTokens: count('most tokens the model may produce', { min: 1 }),
};

/** A tool call in a --json document, whichever way it came. */
export const toolCallShape = () =>
  z.object({
    name: z.nullable(z.string()),
    args: z.optional(z.unknown()),
    response: z.optional(z.unknown()),
    raw: z
      .nullable(z.string())
      .check(z.describe('the streamed frame as sent (Python repr); null for a whole JSON answer')),
  });

export const spec = defineSpec({
  path: 'invoke',
  summary: 'Send an input to an agent and print its answer',
  description:
    'Send an input to an agent and print its answer as it streams. stdout holds exactly the answer; the session, tool calls and errors go to stderr. Each run starts a fresh session unless --session or -c is given.',
  args: [pickedAgentArg(), optionalArg('input', 'the input; else --input-file, else piped stdin')],
  flags: {
    inputFile: inputPath('read the input from a file (- for stdin)'),
    ...sessionFlags,
    outputSchema: text('ask for structured output: a schema string, or @file; a JSON Schema is also checked locally', {
      placeholder: 'schema',
      complete: { kind: 'at-files' },
    }),
    stream: off('wait for the whole answer instead of streaming it'),
    events: on('print NDJSON events (token, tool_call, error, timing, done) as they arrive'),
    stats: on('after the answer, print the time to first token, the total time and characters per second on stderr'),
  },
  output: {
    name: 'invoke',
    schema: () =>
      titled(
        z.object({
          output: z.optional(z.unknown()).check(z.describe('the answer text so far, or the structured value')),
          sessionId: z.nullable(z.string()),
          toolCalls: z.array(toolCallShape()),
          error: z.optional(
            errorShape().check(z.describe('present only when the run failed; output holds what came before')),
          ),
        }),
        'agents invoke --json (one document, failures included)',
      ),
  },
  uses: ['service', 'state', 'prompts', 'runLog'],
  examples: [
    'agents invoke "Docs bot" "What is the capital of France?"',
    'agents invoke "Docs bot" -c "And of Italy?"',
    'agents invoke "Docs bot" --no-stream < policy.txt > review.txt',
    'agents invoke "Docs bot" "Top 3 posts" --output-schema @schema.json',
    'agents invoke "Docs bot" "hi" --events | jq -c .',
    'agents invoke "Docs bot" "Write a haiku" --stats',
  ],
  readsStdin: ['00000000-0000-4000-8000-000000000001'],
});
