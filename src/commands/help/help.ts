// `agents help [command…|topic]`: commander's help for commands, plus the topics
// `environment` and `exit-codes`.
import { Command, CommanderError } from 'commander';
import type { Deps } from '../../deps.js';
import { withExamples } from '../define.js';
import { HELP_ARGUMENT, HELP_TOPICS } from './help-topics.js';

export function helpCommand(deps: Deps): Command {
  const help = new Command('help')
    .summary('Show help for a command, or a topic: environment, exit-codes')
    .argument(`[${HELP_ARGUMENT}...]`, 'a command (config set, or "config set") or a topic');
  return withExamples(help, [
    'agents help invoke',
    'agents help config set',
    'agents help exit-codes',
    'agents help environment',
  ]).action((given: string[], _options: unknown, command: Command) => {
    // `help config set` and `help "config set"` name the same command.
    const names = given.flatMap((name) => name.split(/\s+/).filter(Boolean));
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
