import { CliError } from '../../errors.js';
import type { RunOf } from '../command.js';
import { fillCommand } from '../program.js';
import { HELP_TOPICS } from './help-topics.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async ({ words }, ctx) => {
  // `help config set` and `help "config set"` name the same command.
  const names = words.flatMap((word) => word.split(/\s+/).filter(Boolean));
  const topic = names.length === 1 && Object.hasOwn(HELP_TOPICS, names[0]!) ? HELP_TOPICS[names[0]!] : undefined;
  if (topic) return ctx.out.raw(topic.text);
  let target = ctx.program.root;
  for (const name of names) {
    const next = target.commands.find((command) => command.name() === name);
    if (!next) {
      const topics = Object.keys(HELP_TOPICS).join(', ');
      throw new CliError('usage', `no command or help topic "${names.join(' ')}" (topics: ${topics})`);
    }
    target = next;
  }
  // The command asked for gets its flags and help now (commands are filled when they run).
  await fillCommand(target, true);
  target.outputHelp();
};
