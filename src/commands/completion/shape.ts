// The program as shell completion sees it, made from the registry of specs: each command path with
// its flags (hidden ones left out) and what each value and argument completes to.
import type { CommandSpec, OptionSpec, ProgramSpec, ValueSource as CompletionSource } from '../../completion/model.js';
import { GLOBAL_FLAGS } from '../../definition/global-flags.js';
import { KINDS } from '../../resources/registry.js';
import type { Command } from '../command.js';
import { HELP_TOPICS } from '../help/help-topics.js';
import { flagName, longFlag } from '../options.js';
import { commandTree, type Group, type Node } from '../tree.js';
import type { Flags, ValueSource } from '../../definition/define.js';

export function programShape(commands: readonly Command[], groups: Readonly<Record<string, Group>>): ProgramSpec {
  const tree = commandTree(commands, groups);
  // `help <TAB>`: the commands beside it, and the topics.
  const topLevel = tree.children.map((node) => node.name).filter((name) => name !== 'help');
  const source = (value: ValueSource): CompletionSource => {
    if (value.kind === 'known') {
      const kind = KINDS[value.of];
      return { kind: 'known', of: kind.plural, label: kind.noun };
    }
    if (value.kind === 'runs') return { kind: 'known', of: 'runs', label: 'run' };
    if (value.kind === 'commands') return { kind: 'choices', choices: [...topLevel, ...Object.keys(HELP_TOPICS)] };
    return value;
  };
  const options = (flags: Flags): OptionSpec[] =>
    Object.entries(flags)
      .filter(([, flag]) => !flag.hidden)
      .flatMap(([key, flag]) => {
        const names = (name: string) => (flag.short ? [flag.short, name] : [name]);
        if (flag.type === 'switch')
          return flag.negatable
            ? [
                { flags: names(longFlag(key)), description: flag.help },
                { flags: [`--no-${longFlag(key).slice(2)}`], description: `the opposite of ${longFlag(key)}` },
              ]
            : [{ flags: names(flagName(key, flag)), description: flag.help }];
        const valued = { flags: names(longFlag(key)), description: flag.help, value: source(flag.complete) };
        return flag.type === 'value' && flag.negatable
          ? [valued, { flags: [`--no-${longFlag(key).slice(2)}`], description: flag.negatable }]
          : [valued];
      });
  const describe = (node: Node): CommandSpec => {
    const spec = node.command?.spec;
    return {
      name: node.name,
      summary: spec?.summary ?? node.group?.summary ?? '',
      options: spec ? options(spec.flags) : [],
      args: spec?.args.map((arg) => source(arg.complete)) ?? [],
      lastIsVariadic: spec?.args.at(-1)?.variadic ?? false,
      subcommands: node.children.map(describe),
    };
  };
  return {
    name: 'agents',
    globalOptions: [{ flags: ['-V', '--version'], description: 'print the version' }, ...options(GLOBAL_FLAGS)],
    commands: tree.children.map(describe),
  };
}
