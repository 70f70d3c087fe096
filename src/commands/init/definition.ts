// `agents init [DIR]`: starter files to try the CLI with, in a folder of the user's own.
import { z } from '../../util/zod.js';
import { optionalArg } from '../../definition/flags.js';
import { on } from '../../definition/flags.js';
import { described, titled } from '../output-shapes.js';
import { defineSpec } from '../../definition/define.js';

export const spec = defineSpec({
  path: 'init',
  summary: 'Write a starter stack file and eval file to try the CLI with',
  description:
    'Write stack.yaml (a tool, a datasource, an LLM and two agents, for `agents apply`) and evals.yaml (cases for those agents, for `agents eval`) into DIR (default: the current folder; made if missing). A file that exists is kept unless --force.',
  args: [
    optionalArg('dir', 'the folder to write them in (default: the current folder)', { complete: { kind: 'files' } }),
  ],
  flags: {
    force: on('replace stack.yaml and evals.yaml when they exist'),
  },
  output: {
    name: 'init',
    schema: () =>
      titled(
        z.object({
          files: z.array(
            z.object({
              path: z.string(),
              action: described(
                z.enum(['written', 'kept', 'replaced']),
                'kept: it existed and --force was not given, so it was left as it was',
              ),
            }),
          ),
        }),
        'agents init --json',
      ),
  },
  examples: ['agents init', 'agents init my-agents', 'agents init --force   # start again from the starter files'],
});
