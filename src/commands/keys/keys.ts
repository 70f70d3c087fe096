// `agents keys list|create|rename|delete`: the API keys of the user (tokens for CI).
import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

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
