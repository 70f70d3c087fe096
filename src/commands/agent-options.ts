// The agent field flags of create and update (design §2), from the agent's descriptor.
import type { Command } from 'commander';
import { AGENT } from '../resources/agent.js';
import { addFieldOptions } from '../resources/flags.js';
import { IF_MISSING_FLAG } from '../resources/if-missing.js';

export function addAgentFieldOptions(command: Command, verb: 'create' | 'update'): Command {
  const withFields = addFieldOptions(command, AGENT, verb)
    .option('--allow-unknown-model', 'send an --llm-model this CLI does not know (a newer server may)')
    .option('-f, --file <path>', 'read fields from a JSON or YAML file (- for stdin); flags override it');
  return verb === 'create'
    ? withFields.option(
        IF_MISSING_FLAG,
        'when an agent has this name already, print it and create nothing (safe to re-run)',
      )
    : withFields;
}
