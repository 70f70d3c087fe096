import { decimal } from '../../util/decimal.js';
import { Option, type Command } from 'commander';
import type { Deps } from '../../deps.js';
import { AGENT_ARGUMENT } from '../argument-words.js';
import { lazyAction, newCommand, withExamples } from '../define.js';

export function addSessionOptions(command: Command): Command {
  return command
    .addOption(new Option('--session <id>', 'use this conversation session').conflicts(['continue']))
    .addOption(new Option('-c, --continue', 'continue the last session this machine used with the agent'))
    .addOption(
      new Option('--no-session', 'send no session (the service shares one memory between such calls)').conflicts([
        'continue',
      ]),
    );
}

export function invokeCommand(deps: Deps): Command {
  const command = newCommand('invoke', 'Send an input to an agent and print its answer')
    .description(
      'Send an input to an agent and print its answer as it streams. stdout holds exactly the answer; the session, tool calls and errors go to stderr. Each run starts a fresh session unless --session or -c is given.',
    )
    .argument('[agent]', `${AGENT_ARGUMENT} (picked from a list on a terminal when left out)`)
    .argument('[input]', 'the input; else --input-file, else piped stdin')
    .option('--input-file <path>', 'read the input from a file (- for stdin)');
  addSessionOptions(command)
    .option(
      '--output-schema <schema>',
      'ask for structured output: a schema string, or @file; a JSON Schema is also checked locally',
    )
    .option('--no-stream', 'wait for the whole answer instead of streaming it')
    .option('--events', 'print NDJSON events (token, tool_call, error, timing, done) as they arrive')
    .option(
      '--stats',
      'after the answer, print the time to first token, the total time and characters per second on stderr',
    )
    .option('--temperature <n>', 'model temperature, 0 to 2', decimal)
    .option('--max-tokens <n>', 'most tokens the model may produce', decimal)
    .action(lazyAction(deps, () => import('./invoke.run.js')));
  return withExamples(command, [
    'agents invoke "Docs bot" "What is the capital of France?"',
    'agents invoke "Docs bot" -c "And of Italy?"',
    'agents invoke "Docs bot" --no-stream < policy.txt > review.txt',
    'agents invoke "Docs bot" "Top 3 posts" --output-schema @schema.json',
    'agents invoke "Docs bot" "hi" --events | jq -c .',
    'agents invoke "Docs bot" "Write a haiku" --stats',
  ]);
}
