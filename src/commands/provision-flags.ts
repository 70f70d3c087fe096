// The flags apply and diff share (what they mean: provision-plan.ts, loaded when one runs).
import { count, list, on } from '../definition/flags.js';
import { SUMMARY_FLAG } from './summary-flag.js';
import { SUFFIX_FLAG } from './suffix-flag.js';

export const PROVISION_FLAGS = {
  file: list('a YAML or JSON file, a folder of them, or - for stdin (repeatable)', {
    short: '-f',
    placeholder: 'path',
    complete: { kind: 'files' },
  }),
  concurrency: count('agents worked on at once', { min: 1, max: 64, default: '4' }),
  allowUnknownModel: on('accept an llmModel this CLI does not know (a newer server may)'),
  allowEnv: list(
    'let the file read this variable for a key, besides AGENTS_KEY_* ones (repeatable; never an AGENTS_* setting)',
    { placeholder: 'name' },
  ),
  prune: on(
    'also detach the tools, datasources and LLMs of each agent that the file does not list (for the kinds it lists); never deletes anything',
  ),
  ...SUFFIX_FLAG,
  ...SUMMARY_FLAG,
};
