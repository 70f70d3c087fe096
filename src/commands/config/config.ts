import { Argument, type Command } from 'commander';
import type { Deps } from '../../deps.js';
import { CONFIG_KEYS } from '../../config/keys.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

export function configCommand(deps: Deps): Command {
  const keyArgument = () => new Argument('<key>', 'setting name').choices(CONFIG_KEYS.map((key) => key.name));
  const load = () => import('./config.run.js');
  const command = newCommand('config', 'Read and change settings of a profile').description(
    'Read and change settings of a profile. Keys:\n' +
      CONFIG_KEYS.map((key) => `  ${key.name.padEnd(20)} ${key.help}`).join('\n'),
  );
  command
    .command('get')
    .summary('Print one setting')
    .addArgument(keyArgument())
    .action(lazyAction(deps, async () => (await load()).getModule));
  command
    .command('set')
    .summary('Change one setting')
    .addArgument(keyArgument())
    .argument('<value>', 'new value')
    .action(lazyAction(deps, async () => (await load()).setModule));
  command
    .command('unset')
    .summary('Remove one setting (its default applies again)')
    .addArgument(keyArgument())
    .action(lazyAction(deps, async () => (await load()).unsetModule));
  command
    .command('list')
    .summary('Print every setting of the profile')
    .action(lazyAction(deps, async () => (await load()).listModule));
  return withExamples(command, [
    'agents config set base-url https://agents.example.com',
    'agents config set timeout 120 --profile ci',
    'agents config get base-url',
    'agents config list --json',
  ]);
}
