// The documentation as a reader walks it: each page's commands in the order they appear (`sh`
// blocks, and the example column of a command table), each with the exit code the page promises
// for it: 0, or the N of a trailing `# exit N` comment.
import { readFileSync } from 'node:fs';

export interface DocStep {
  /** Where it came from, for failure messages: "README.md:84". */
  source: string;
  /** What the reader types: one command, its continuation lines and here-documents included. */
  command: string;
  expectedExit: number;
}

/** The commands of one page, in order. */
export function pageSteps(path: string, name: string): DocStep[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const steps: DocStep[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^```(sh|bash|shell)$/.test(line)) {
      const block: Array<{ text: string; number: number }> = [];
      while (++i < lines.length && lines[i] !== '```') block.push({ text: lines[i]!, number: i + 1 });
      for (const { command, number } of commandsOf(block))
        steps.push({ source: `${name}:${number}`, command, expectedExit: expectedExit(command) });
      continue;
    }
    // A command table's example column: `| command | what it does | `agents …` |`.
    const example = /^\|[^|]*(?:\\\|[^|]*)*\|.*\| `(agents [^`]+)` \|$/.exec(line)?.[1];
    if (example) {
      const command = example.replace(/\\\|/g, '|');
      steps.push({ source: `${name}:${i + 1} (table)`, command, expectedExit: expectedExit(command) });
    }
  }
  return steps;
}

/** Commands of a shell block: comment-only and blank lines dropped; `\` continuations and here-documents kept whole. */
export function commandsOf(block: Array<{ text: string; number: number }>): Array<{ command: string; number: number }> {
  const commands: Array<{ command: string; number: number }> = [];
  for (let i = 0; i < block.length; i++) {
    const { text, number } = block[i]!;
    if (!text.trim() || text.trim().startsWith('#')) continue;
    const parts = [text];
    while (parts.at(-1)!.endsWith('\\') && i + 1 < block.length) parts.push(block[++i]!.text);
    const heredoc = /<<-?\s*'?"?(\w+)'?"?/.exec(parts.join('\n'))?.[1];
    if (heredoc) while (i + 1 < block.length && parts.at(-1)!.trim() !== heredoc) parts.push(block[++i]!.text);
    commands.push({ command: parts.join('\n'), number });
  }
  return commands;
}

/** The exit code a command's trailing `# exit N` promises; 0 without one. */
export function expectedExit(command: string): number {
  // The comment ends the command's last line, or its first when a here-document follows.
  const lines = command.split('\n');
  const promised = [lines.at(-1)!, lines[0]!]
    .map((line) => /\s#\s*exit (\d+)\b/.exec(line)?.[1])
    .find((code) => code !== undefined);
  return promised === undefined ? 0 : Number(promised);
}
