// `agents signup`: a new user on the service, its token saved as login saves one.
import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

export function signupCommand(deps: Deps): Command {
  const command = newCommand('signup', 'Create a user on the service and save its token in a profile')
    .description(
      'Create a user on the service (no token needed) and save the token it returns in the profile, as login does. A new user has no LLM yet: create one (agents llms create, or apply with an LLM) before the first agent.',
    )
    .requiredOption('--email <address>', 'the email of the new user')
    .option('-y, --yes', 'replace the token the profile has without asking')
    .option('--show-token', 'with --json, include the new token in the document')
    .action(lazyAction(deps, () => import('./signup.run.js')));
  return withExamples(command, [
    'agents signup --email dev@example.com --profile dev --base-url "$AGENTS_BASE_URL" --yes',
    'agents whoami --profile dev',
  ]);
}
