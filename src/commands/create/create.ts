import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { lazyAction, newCommand, withExamples } from '../define.js';
import { addAgentFieldOptions } from '../agent-options.js';

export function createCommand(deps: Deps): Command {
  const command = newCommand('create', 'Create an agent').description(
    'Create an agent. --name, --description and --llm-model are required, from flags or --file.',
  );
  addAgentFieldOptions(command, 'create').action(lazyAction(deps, () => import('./create.run.js')));
  return withExamples(command, [
    'agents create --name "Docs bot" --description "answers doc questions" --llm-model GPT_4_TURBO --if-missing',
    "printf 'name: Notes bot\\ndescription: keeps notes\\nllmModel: GPT_4\\n' > agent.yaml",
    'agents create -f agent.yaml --name "Notes bot (staging)" --if-missing   # flags override the file',
    'id=$(agents create -q -f agent.yaml --if-missing)',
  ]);
}
