// `agents models`: the models the service accepts, and the provider each needs.
import { z } from '../../util/zod.js';
import { titled } from '../output-shapes.js';
import { defineSpec } from '../../definition/define.js';

export const spec = defineSpec({
  path: 'models',
  summary: 'List the models and providers the service accepts',
  description:
    'List the llmModel values the service accepts, and for each the provider: the service works it out for most GPT models by itself; the others need --llm-provider on create. The wizard and completion offer the same list. Answered locally: no request is made.',
  args: [],
  flags: {},
  output: {
    name: 'models',
    schema: () =>
      titled(
        z.object({
          models: z
            .array(
              z.object({
                model: z.string(),
                automaticProvider: z.nullable(z.string()),
                suggestedProvider: z.nullable(z.string()),
              }),
            )
            .check(z.minLength(1)),
          providers: z.array(z.string()).check(z.minLength(1)),
        }),
        'agents models --json',
      ),
  },
  examples: ['agents models', 'agents models --json', 'agents models -q   # the names only, one per line'],
});
