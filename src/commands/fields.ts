// The agent field flags shared by create and update (design §2).
import { Option, type Command } from 'commander';

export function addAgentFieldOptions(command: Command, which: 'create' | 'update'): Command {
  // The service has no llmProvider on PATCH: update keeps the flag hidden only to refuse it clearly.
  const provider = new Option('--llm-provider <provider>', 'provider for a model the service cannot map itself (OPENAI, ANTHROPIC, …)');
  return command
    .option('--name <name>', 'name of the agent')
    .option('--description <text>', 'what the agent does')
    .option('--llm-model <model>', 'language model, e.g. GPT_4_TURBO')
    .option('--allow-unknown-model', 'send an --llm-model this CLI does not know (a newer server may)')
    .addOption(which === 'update' ? provider.hideHelp() : provider)
    .option('--prompt <text>', 'system prompt')
    .option('--initial-message <text>', 'first message shown to users')
    .option('--avatar <url>', 'avatar image URL')
    .addOption(new Option('--active', 'mark the agent active'))
    .addOption(new Option('--no-active', 'mark the agent inactive'))
    .option('-f, --file <path>', 'read fields from a JSON or YAML file (- for stdin); flags override it');
}
