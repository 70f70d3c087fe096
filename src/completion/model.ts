// The shape of the program that shell completion needs, read from commander, so the
// scripts are generated from the same definitions as the parser and help.
import type { Command, Option } from 'commander';
import { KNOWN_LLM_MODELS, LLM_PROVIDERS } from '../api/models.js';
import { HELP_ARGUMENT, HELP_TOPICS } from '../commands/help/help-topics.js';
import { KINDS, type ReferenceKind } from '../resources/registry.js';

/** An argument named after a registered kind (<agent>, <tool…>) completes to that kind's records seen here. */
function knownOf(kind: string): ValueSource | undefined {
  const resource = Object.hasOwn(KINDS, kind) ? KINDS[kind as ReferenceKind] : undefined;
  return resource && { kind: 'known', of: resource.plural, label: resource.noun };
}

/** Where the candidates for a value come from. Dynamic ones are asked of `agents __complete`. */
export type ValueSource =
  | { kind: 'choices'; choices: readonly string[] }
  | { kind: 'files' }
  /** A value that is JSON, or @FILE to read one: file names with an @ in front. */
  | { kind: 'at-files' }
  /** What this machine has seen of the service (state.json), by id and by name. */
  | { kind: 'known'; of: string; label: string }
  | { kind: 'profiles' }
  | { kind: 'free' };

export interface OptionSpec {
  /** e.g. ['-f', '--file'] */
  flags: string[];
  description: string;
  value?: ValueSource;
}

export interface CommandSpec {
  name: string;
  summary: string;
  options: OptionSpec[];
  /** What the positional arguments complete to, in order. */
  args: ValueSource[];
  /** The last argument takes any number of values (e.g. <tool...>). */
  lastIsVariadic: boolean;
  subcommands: CommandSpec[];
}

const FILE_OPTIONS = new Set(['--file', '--input-file']);
const AT_FILE_OPTIONS = new Set(['--output-schema']);

function optionValue(option: Option): ValueSource | undefined {
  if (!option.required && !option.optional) return undefined;
  if (option.argChoices) return { kind: 'choices', choices: option.argChoices };
  if (option.long && FILE_OPTIONS.has(option.long)) return { kind: 'files' };
  if (option.long && AT_FILE_OPTIONS.has(option.long)) return { kind: 'at-files' };
  switch (option.long) {
    case '--profile':
      return { kind: 'profiles' };
    case '--llm-model':
      return { kind: 'choices', choices: KNOWN_LLM_MODELS };
    case '--llm-provider':
      return { kind: 'choices', choices: LLM_PROVIDERS };
    case '--agent':
      return knownOf('agent');
    default:
      return { kind: 'free' };
  }
}

function describeOptions(command: Command): OptionSpec[] {
  return command.options
    .filter((option) => !option.hidden)
    .map((option) => ({
      flags: [option.short, option.long].filter((flag): flag is string => Boolean(flag)),
      description: option.description,
      ...(optionValue(option) && { value: optionValue(option) }),
    }));
}

function describeArgs(command: Command): ValueSource[] {
  return command.registeredArguments.map((argument) => {
    if (argument.argChoices) return { kind: 'choices', choices: argument.argChoices };
    // `help <TAB>`: the commands beside it, and the topics.
    if (argument.name() === HELP_ARGUMENT)
      return { kind: 'choices', choices: [...siblingsOf(command), ...Object.keys(HELP_TOPICS)] };
    return knownOf(argument.name()) ?? { kind: 'free' };
  });
}

const siblingsOf = (command: Command) =>
  (command.parent?.commands ?? [])
    .filter((c) => c !== command && !(c as unknown as { _hidden?: boolean })._hidden)
    .map((c) => c.name());

function describeCommand(command: Command): CommandSpec {
  return {
    name: command.name(),
    summary: command.summary() || command.description(),
    options: describeOptions(command),
    args: describeArgs(command),
    lastIsVariadic: command.registeredArguments.at(-1)?.variadic ?? false,
    subcommands: command.commands
      .filter((sub) => !(sub as unknown as { _hidden?: boolean })._hidden)
      .map(describeCommand),
  };
}

export interface ProgramSpec {
  name: string;
  globalOptions: OptionSpec[];
  commands: CommandSpec[];
}

export function describeProgram(program: Command): ProgramSpec {
  const root = describeCommand(program);
  return { name: root.name, globalOptions: root.options, commands: root.subcommands };
}
