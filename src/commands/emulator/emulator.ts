import { decimal } from '../../util/decimal.js';
import { Option, type Command } from 'commander';
import type { Deps } from '../../deps.js';
import { DEFAULT_TOKEN_DELAY_MS } from '../../emulator/context.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

const DEFAULT_EMULATOR_PORT = 7878;

export function emulatorCommand(deps: Deps): Command {
  const command = newCommand('emulator', 'Run a local stand-in for the service')
    .description(
      'Run a local stand-in for the service that speaks the real (Superagent 0.2.39) wire format, with seeded tools, datasources and LLMs and a deterministic fake model. It prints the base URL and token to use; Ctrl-C stops it.',
    )
    .addOption(
      new Option('--port <n>', 'port to listen on (0 picks a free one)')
        .default(DEFAULT_EMULATOR_PORT)
        .argParser(decimal),
    )
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option(
      '--token <token>',
      'token the emulator accepts (default: a fixed token on loopback, a random one on any other --host)',
    )
    .option('--strict', "follow the spec's cleaner reading: 201, 401, 404, attachment records")
    .addOption(
      new Option(
        '--token-delay <ms>',
        `pause between streamed tokens; 0 sends each answer at once (env AGENTS_EMULATOR_TOKEN_DELAY_MS, default ${DEFAULT_TOKEN_DELAY_MS})`,
      ).argParser(decimal),
    )
    .action(lazyAction(deps, () => import('./emulator.run.js')));
  return withExamples(command, [
    'agents emulator   # port 7878; Ctrl-C stops it',
    'agents emulator --port 0 --json',
    'agents emulator --strict --port 0',
    'agents emulator --token-delay 300 --port 0',
  ]);
}
