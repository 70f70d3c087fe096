// `agents help [command…|topic]`: commander's help for commands, plus the topics
// `environment` and `exit-codes`.
import { Command, CommanderError } from 'commander';
import type { Deps } from '../deps.js';
import { HELP_TOPICS } from './help-topics.js';

export function helpCommand(deps: Deps): Command {
  return new Command('help')
    .summary('Show help for a command, or a topic: environment, exit-codes')
    .argument('[name...]', 'a command (e.g. "config set") or a topic')
    .addHelpText('after', '\nExamples:\n  $ agents help invoke\n  $ agents help exit-codes\n  $ agents help environment\n')
    .action((names: string[], _options: unknown, command: Command) => {
      const program = command.parent!;
      const topic = names.length === 1 ? HELP_TOPICS[names[0]!] : undefined;
      if (topic) return void deps.stdout.write(topic.text);
      let target: Command = program;
      for (const name of names) {
        const next = target.commands.find((c) => c.name() === name || c.aliases().includes(name));
        if (!next) {
          const topics = Object.keys(HELP_TOPICS).join(', ');
          deps.stderr.write(`error: no command or help topic "${names.join(' ')}" (topics: ${topics})\n`);
          throw new CommanderError(2, 'agents.unknownHelpTopic', 'unknown help topic');
        }
        target = next;
      }
      // outputHelp, not helpInformation: it adds the Examples footer, as `--help` does.
      target.outputHelp();
    });
}
