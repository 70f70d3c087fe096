// The agent field flags of create and update (design §2), from the agent's descriptor.
import type { Command } from 'commander';
import { AGENT } from '../resources/agent.js';
import { addFieldOptions } from '../resources/flags.js';

export function addAgentFieldOptions(command: Command, verb: 'create' | 'update'): Command {
  return addFieldOptions(command, AGENT, verb)
    .option('--allow-unknown-model', 'send an --llm-model this CLI does not know (a newer server may)')
    .option('-f, --file <path>', 'read fields from a JSON or YAML file (- for stdin); flags override it');
}
