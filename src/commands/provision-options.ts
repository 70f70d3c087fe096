// Flags shared by apply and diff (syntax only: loaded at start-up for --help).
import { decimal } from '../util/decimal.js';
import { Option, type Command } from 'commander';
import { repeatable } from './define.js';

export function addProvisionOptions(command: Command): Command {
  return command
    .addOption(
      new Option('-f, --file <path>', 'a YAML or JSON file, a folder of them, or - for stdin (repeatable)').argParser(
        repeatable,
      ),
    )
    .addOption(new Option('--concurrency <n>', 'agents worked on at once').default(4).argParser(decimal))
    .option('--allow-unknown-model', 'accept an llmModel this CLI does not know (a newer server may)')
    .addOption(
      new Option(
        '--allow-env <name>',
        'let the file read this variable for a key, besides AGENTS_KEY_* ones (repeatable; never an AGENTS_* setting)',
      ).argParser(repeatable),
    )
    .option(
      '--prune',
      'also detach the tools, datasources and LLMs of each agent that the file does not list (for the kinds it lists); never deletes anything',
    );
}
