// What every shell script needs, flattened: per command path, its flags and what each
// positional argument completes to; and what each value-taking flag completes to.
import type { CommandSpec, OptionSpec, ProgramSpec, ValueSource } from './model.js';

interface CommandPlan {
  /** "create", "config set", … */
  path: string;
  summary: string;
  options: OptionSpec[];
  args: ValueSource[];
  lastIsVariadic: boolean;
  subcommands: Array<{ name: string; summary: string }>;
}

export interface CompletionPlan {
  name: string;
  commands: Array<{ name: string; summary: string }>;
  globalOptions: OptionSpec[];
  paths: CommandPlan[];
  /** Every flag that takes a value, with where its values come from. */
  valueFlags: Map<string, ValueSource>;
  /**
   * Where a flag's values come from, as `case "$cmd_path:$prev"` patterns: `*:--flag` when every
   * command means the same by it, one pattern per command path when they differ (`--type` of a
   * tool is not `--type` of a datasource).
   */
  valueCases: Array<{ patterns: string[]; source: ValueSource }>;
}

export function planCompletion(spec: ProgramSpec): CompletionPlan {
  const paths: CommandPlan[] = [];
  const valueFlags = new Map<string, ValueSource>();
  const byFlag = new Map<string, Array<{ path: string; source: ValueSource }>>();
  const noteFlags = (options: OptionSpec[], path = '') => {
    for (const option of options) {
      if (!option.value) continue;
      for (const flag of option.flags) {
        if (!valueFlags.has(flag)) valueFlags.set(flag, option.value);
        byFlag.set(flag, [...(byFlag.get(flag) ?? []), { path, source: option.value }]);
      }
    }
  };
  const visit = (command: CommandSpec, prefix: string) => {
    const path = prefix ? `${prefix} ${command.name}` : command.name;
    paths.push({
      path,
      summary: command.summary,
      options: command.options,
      args: command.args,
      lastIsVariadic: command.lastIsVariadic,
      subcommands: command.subcommands.map((sub) => ({ name: sub.name, summary: sub.summary })),
    });
    noteFlags(command.options, path);
    for (const sub of command.subcommands) visit(sub, path);
  };
  noteFlags(spec.globalOptions);
  for (const command of spec.commands) visit(command, '');
  return {
    name: spec.name,
    commands: spec.commands.map((c) => ({ name: c.name, summary: c.summary })),
    globalOptions: spec.globalOptions,
    paths,
    valueFlags,
    valueCases: valueCasesOf(byFlag),
  };
}

function valueCasesOf(byFlag: Map<string, Array<{ path: string; source: ValueSource }>>): CompletionPlan['valueCases'] {
  const cases: CompletionPlan['valueCases'] = [];
  for (const [flag, uses] of byFlag) {
    const same = uses.every((use) => JSON.stringify(use.source) === JSON.stringify(uses[0]!.source));
    if (same) cases.push({ patterns: [`*:${flag}`], source: uses[0]!.source });
    else for (const use of uses) cases.push({ patterns: [JSON.stringify(`${use.path}:${flag}`)], source: use.source });
  }
  // Specific paths before the catch-alls, so a case statement takes the first that fits.
  return cases.sort((a, b) => Number(a.patterns[0]!.startsWith('*')) - Number(b.patterns[0]!.startsWith('*')));
}

/** Single-quoted for any POSIX-like shell (bash, zsh) and fish alike. */
export function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The bash/zsh loop over the words before the cursor: it finds the command path
 * ("config set") and counts positionals, skipping flags and the values of value flags.
 */
export function wordWalk(plan: CompletionPlan, words: { array: string; first: number; cursor: string }): string {
  const nested = plan.paths
    .filter((p) => p.subcommands.length > 0)
    .map(
      (p) =>
        `    elif [[ $cmd_path == ${JSON.stringify(p.path)} && $npos == 0 && " ${p.subcommands.map((s) => s.name).join(' ')} " == *" $word "* ]]; then cmd_path="$cmd_path $word"`,
    );
  return [
    `  local value_flags=" ${[...plan.valueFlags.keys()].join(' ')} "`,
    '  local cmd_path="" word npos=0 i',
    `  for ((i = ${words.first}; i < ${words.cursor}; i++)); do`,
    `    word=\${${words.array}[i]}`,
    '    if [[ $value_flags == *" $word "* ]]; then ((i++)); continue; fi',
    '    [[ $word == -* ]] && continue',
    '    if [[ -z $cmd_path ]]; then cmd_path=$word',
    ...nested,
    '    else ((npos++)); fi',
    '  done',
  ].join('\n');
}
