import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

export function modelsCommand(deps: Deps): Command {
  const command = newCommand('models', 'List the models and providers the service accepts')
    .description(
      'List the llmModel values the service accepts, and for each the provider: the service works it out for most GPT models by itself; the others need --llm-provider on create. The wizard and completion offer the same list. Answered locally: no request is made.',
    )
    .action(lazyAction(deps, () => import('./models.run.js')));
  return withExamples(command, [
    'agents models',
    'agents models --json',
    'agents models -q   # the names only, one per line',
  ]);
}
