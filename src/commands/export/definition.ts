// `agents export`: existing agents in the format apply reads.
import { z } from '../../util/zod.js';
import { on, outputPath, variadicArg } from '../../definition/flags.js';
import { described, titled } from '../output-shapes.js';
import { defineSpec } from '../../definition/define.js';
import { SUFFIX_FLAG } from '../suffix-flag.js';

const withId = (description: string) => ({ id: described(z.optional(z.string()), description) });
/** A tool or a datasource in the file: what both start with. */
const exportedEntry = () => ({
  ...withId('written when the name is shared'),
  name: z.string(),
  type: z.string(),
  description: z.optional(z.string()),
});

export const spec = defineSpec({
  path: 'export',
  summary: 'Write existing agents in the apply format',
  description:
    'Write existing agents in the format `agents apply` reads (YAML; JSON with --json), so a hand-made setup can become a file.',
  args: [
    variadicArg('agents', 'the agents to export, each an id, an id prefix or a name', {
      label: 'agent',
      complete: { kind: 'known', of: 'agent' },
    }),
  ],
  flags: {
    all: on('export every agent'),
    output: outputPath('write to a file instead of stdout', { short: '-o' }),
    ...SUFFIX_FLAG,
  },
  output: {
    name: 'export',
    schema: () =>
      titled(
        z.object({
          agents: z.array(
            z.looseObject({
              ...withId('only when names collide'),
              name: z.string(),
              tools: z.optional(z.array(z.string())),
              datasources: z.optional(z.array(z.string())),
              llms: z.optional(z.array(z.string())),
            }),
          ),
          tools: z.optional(
            z.array(
              z.looseObject({
                ...exportedEntry(),
                metadata: z.optional(z.record(z.string(), z.unknown())),
                returnDirect: z.optional(z.boolean()),
              }),
            ),
          ),
          datasources: z.optional(
            z.array(
              z.looseObject({
                ...exportedEntry(),
                url: z.optional(z.string()),
                content: z.optional(z.string()),
              }),
            ),
          ),
          llms: z.optional(
            z.array(
              z.looseObject({
                ...withId('written when the name is shared'),
                provider: z.string(),
                name: described(z.optional(z.string()), 'file-only, written when the provider is shared'),
                options: z.optional(z.record(z.string(), z.unknown())),
              }),
            ),
          ),
        }),
        'agents export --json: what apply reads back; --all also writes tools, datasources and llms (LLM keys never)',
      ),
  },
  uses: ['service'],
  examples: [
    'agents export --all > agents.yaml',
    'agents export "Docs bot" "Travel bot" -o two-agents.yaml',
    'agents export --all --json',
  ],
});
