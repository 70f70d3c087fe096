// `agents signup`, `agents whoami` and `agents keys …`: the service's users and API keys.
import type { Command } from 'commander';
import type { Deps } from '../deps.js';
import { lazyAction, newCommand, withExamples } from './define.js';

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

export function whoamiCommand(deps: Deps): Command {
  const command = newCommand(
    'whoami',
    'Show the user the token belongs to, the profile and the service address',
  ).action(lazyAction(deps, () => import('./whoami.run.js')));
  return withExamples(command, ['agents whoami', 'agents whoami --json']);
}

export function keysCommand(deps: Deps): Command {
  const group = newCommand('keys', 'List, create, rename and delete API keys (tokens for CI)');
  const load = () => import('./keys.run.js');
  const verb = (name: 'list' | 'create' | 'rename' | 'delete', summary: string, examples: string[]) => {
    const sub = newCommand(name, summary).action(lazyAction(deps, async () => (await load()).keysVerb(name)));
    group.addCommand(withExamples(sub, examples));
    return sub;
  };
  verb('list', 'List your API keys: name, masked key, created', ['agents keys list', 'agents keys list --json']);
  verb('create', 'Mint an API key and print it, once, on stdout', [
    'agents keys create ci -q > ci.key   # the key alone: store it as a CI secret',
  ]).argument('<name>', 'a name to tell the key apart');
  verb('rename', 'Give an API key another name', ['agents keys rename ci ci-main'])
    .argument('<key>', 'the key: its name or an id prefix')
    .argument('<name>', 'its new name');
  verb('delete', 'Delete an API key from the list (on the legacy service it keeps working)', [
    'agents keys delete ci-main --yes',
  ])
    .argument('<key>', 'the key: its name or an id prefix')
    .option('-y, --yes', 'do not ask for confirmation');
  return withExamples(group, ['agents keys list', 'agents keys list --json']);
}
