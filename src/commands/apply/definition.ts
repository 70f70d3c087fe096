// `agents apply`: make a stack in a file exist, as described.
import { z } from '../../util/zod.js';
import { on } from '../../definition/flags.js';
import { titled } from '../output-shapes.js';
import { PROVISION_FLAGS } from '../provision-flags.js';
import { planShape, resourceResultsShape, resourcesPlanShape, resultsShape } from '../provision-shapes.js';
import { defineSpec } from '../../definition/define.js';

export const spec = defineSpec({
  path: 'apply',
  summary: 'Make the tools, datasources, LLMs and agents in a file exist, as described',
  description:
    'Make a stack in a file exist: its tools, datasources and LLMs first, then its agents, then what each agent has attached (by name). Matches by id, then by name; creates what is missing, changes only the fields that differ, attaches what is missing, and with --prune detaches what the file does not list. It never deletes anything. Prints the plan, then applies it. Safe to re-run: a second run changes nothing. Format: docs/provisioning.md.',
  args: [],
  flags: { dryRun: on('print the plan and change nothing'), ...PROVISION_FLAGS },
  output: {
    name: 'apply',
    schema: () =>
      titled(
        z.object({
          dryRun: z.boolean(),
          plan: planShape(),
          resources: resourcesPlanShape(),
          results: resultsShape(),
          resourceResults: resourceResultsShape(),
        }),
        'agents apply --json',
      ),
  },
  uses: ['service', 'config', 'state', 'env'],
  examples: [
    'agents apply -f agents.yaml',
    'agents apply -f stacks/ --dry-run',
    'agents export --all --json | agents apply -f - --json',
    'agents apply -f stack.yaml --prune   # the key from AGENTS_KEY_OPENAI',
    "sed 's/AGENTS_KEY_OPENAI/OPENAI_API_KEY/' stack.yaml > my-stack.yaml",
    'OPENAI_API_KEY=$AGENTS_KEY_OPENAI agents apply -f my-stack.yaml --allow-env OPENAI_API_KEY',
  ],
  readsStdin: ['-f', '-'],
});
