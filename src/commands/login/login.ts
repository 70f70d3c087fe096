import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

export function loginCommand(deps: Deps): Command {
  const command = newCommand('login', 'Save the service address and token for a profile')
    .description(
      'Save the service address and token for a profile. The token comes from a masked prompt on a terminal, or from stdin with --token-stdin; it is checked against the service before it is saved.',
    )
    .option('--token-stdin', 'read the token from standard input')
    .option('--skip-verify', 'save without checking the token against the service')
    .action(lazyAction(deps, () => import('./login.run.js')));
  return withExamples(command, [
    'agents login --base-url "$AGENTS_BASE_URL"   # exit 2 here: it asks for the token on a terminal only',
    'printf %s "$AGENTS_TOKEN" | agents login --base-url "$AGENTS_BASE_URL" --token-stdin',
    'printenv AGENTS_TOKEN | agents login --profile staging --base-url "$AGENTS_BASE_URL" --token-stdin',
  ]);
}
