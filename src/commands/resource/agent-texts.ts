// The help of the agent commands, in their own words: agents are the CLI's first noun, so their
// verbs stand alone (`agents create`, not `agents agents create`).
import type { Texts, Verb } from './texts.js';

export const AGENT_TEXTS: Record<Verb, Texts> = {
  create: {
    summary: 'Create an agent',
    description: 'Create an agent. --name, --description and --llm-model are required, from flags or --file.',
    examples: [
      'agents create --name "Docs bot" --description "answers doc questions" --llm-model GPT_4_TURBO --if-missing',
      "printf 'name: Notes bot\\ndescription: keeps notes\\nllmModel: GPT_4\\n' > agent.yaml",
      'agents create -f agent.yaml --name "Notes bot (staging)" --if-missing   # flags override the file',
      'id=$(agents create -q -f agent.yaml --if-missing)',
    ],
  },
  update: {
    summary: 'Change fields of an agent',
    description: 'Change fields of an agent. Only the fields you give are sent.',
    examples: [
      'agents update "Docs bot" --prompt "Answer in one sentence."',
      'agents update "Docs bot" --no-active',
      'printf \'isActive: true\\n\' | agents update "Docs bot" -f -',
    ],
  },
  list: {
    summary: 'List your agents',
    description: 'List your agents as a compact table (id, name, model, active), one page at a time or all of them.',
    examples: ['agents list', 'agents list --all --json', 'agents list --limit 10'],
  },
  get: {
    summary: 'Show one agent with its tools, datasources and LLMs',
    examples: ['agents get "Docs bot"', 'agents get "Docs bot" --json'],
  },
  delete: {
    summary: 'Delete an agent',
    description: 'Delete an agent. Asks for confirmation on a terminal; scripts must pass --yes.',
    examples: [
      'agents delete "Docs bot"   # exit 2 here: it asks first, and only on a terminal',
      'id=$(agents create -q --name Scratch --description "a throwaway" --llm-model GPT_4) && agents delete "$id" --yes',
    ],
  },
};
