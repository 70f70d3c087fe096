// The examples the documentation shows, extracted as a user would copy them: README's `sh`
// blocks (each block one shell session), the example column of README's command table, and the
// "$ " lines of every command's --help (each command's examples one session, in order).
import { readFileSync } from 'node:fs';

export interface ExampleSession {
  /** Where it came from, for failure messages: "README.md:84" or "invoke --help". */
  source: string;
  lines: string[];
}

export function readmeSessions(path: string): ExampleSession[] {
  const text = readFileSync(path, 'utf8').split('\n');
  const sessions: ExampleSession[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '```sh') continue;
    const start = i + 1;
    const lines: string[] = [];
    while (text[++i] !== '```' && i < text.length) if (text[i]!.trim()) lines.push(text[i]!);
    sessions.push({ source: `README.md:${start}`, lines });
  }
  // The table's third column: one example per command, each on its own.
  text.forEach((row, index) => {
    const example = /^\|[^|]*(?:\\\|[^|]*)*\|.*\| `(agents [^`]+)` \|$/.exec(row)?.[1];
    if (example) sessions.push({ source: `README.md:${index + 1} (table)`, lines: [example] });
  });
  return sessions;
}

/**
 * The examples of one --help text: each "  $ " line with the lines under it (a ` \` continuation,
 * a comment too long for its line), joined by newlines as a shell reads them.
 */
export function helpExamples(helpText: string): string[] {
  const examples: string[] = [];
  for (const line of helpText.split('\n')) {
    if (line.startsWith('  $ ')) examples.push(line.slice(4));
    else if (
      examples.length &&
      line.startsWith('      ') &&
      (examples.at(-1)!.endsWith('\\') || line.trimStart().startsWith('#'))
    )
      examples[examples.length - 1] += '\n' + line;
  }
  return examples;
}

/** The subcommands listed under "Commands:" in a --help text. */
export function listedCommands(helpText: string): string[] {
  const section = helpText.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? '';
  return section
    .split('\n')
    .map((line) => /^ {2}(\S+)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'help');
}
