// The agent field flags shared by create and update (design §2).
import { Option, type Command } from 'commander';

export function addAgentFieldOptions(command: Command): Command {
  return command
    .option('--name <name>', 'name of the agent')
    .option('--description <text>', 'what the agent does')
    .option('--llm-model <model>', 'language model, e.g. GPT_4_0')
    .option('--llm-provider <provider>', 'provider for a model the service cannot map itself (OPENAI, ANTHROPIC, …)')
    .option('--prompt <text>', 'system prompt')
    .option('--initial-message <text>', 'first message shown to users')
    .option('--avatar <url>', 'avatar image URL')
    .addOption(new Option('--active', 'mark the agent active'))
    .addOption(new Option('--no-active', 'mark the agent inactive'))
    .option('-f, --file <path>', 'read fields from a JSON or YAML file (- for stdin); flags override it');
}
