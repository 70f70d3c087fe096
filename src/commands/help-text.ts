// Help is read in 80-column terminals and pasted into issues: every line of it fits 80 columns,
// wrapped at spaces, never cut.
export const HELP_WIDTH = 80;

/** Words of `text` in lines of at most `width` characters, every line after the first indented. */
export function wrapWords(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length > width && line) {
      lines.push(line);
      line = indent + word;
    } else {
      line = lines.length && !line ? indent + word : next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A two-column table (name, meaning), the meaning wrapped under itself. */
export function twoColumns(rows: Array<[string, string]>, options: { left?: number; nameWidth?: number } = {}): string {
  const left = ' '.repeat(options.left ?? 2);
  const nameWidth = options.nameWidth ?? Math.max(...rows.map(([name]) => name.length)) + 2;
  const hang = left + ' '.repeat(nameWidth);
  return rows
    .flatMap(([name, meaning]) => {
      // A name too long for its column gets a line of its own.
      const head = name.length + 2 > nameWidth ? [left + name] : [];
      const first = head.length ? hang : left + name.padEnd(nameWidth);
      const wrapped = wrapWords(meaning, HELP_WIDTH - hang.length);
      return [...head, first + wrapped[0], ...wrapped.slice(1).map((line) => hang + line)];
    })
    .join('\n');
}

/**
 * A shell command as an example line: `  $ ` and the command, continued with ` \` on lines
 * indented under it when it is too long. Breaks only at spaces outside quotes, so each line is
 * what a reader types and the shell joins them back into the same command.
 */
export function exampleLines(command: string): string[] {
  const first = '  $ ';
  const next = '      ';
  const words = shellWords(command);
  const lines: string[] = [];
  let line = first;
  for (const word of words) {
    const candidate = line === first || line === next ? line + word : `${line} ${word}`;
    if (word.startsWith('#') && candidate.length > HELP_WIDTH) {
      // A comment too long for the line goes under the command, as comment lines of its own.
      lines.push(line);
      lines.push(
        ...wrapWords(word.replace(/^#\s*/, ''), HELP_WIDTH - next.length - 2).map((text) => `${next}# ${text}`),
      );
      return lines;
    }
    // Room for the " \" that continues the line.
    if (candidate.length > HELP_WIDTH - 2 && line !== first && line !== next && !word.startsWith('#')) {
      lines.push(`${line} \\`);
      line = next + word;
    } else {
      line = candidate;
    }
  }
  lines.push(line);
  return lines;
}

/** Splits at spaces outside quotes; a trailing `# comment` stays one piece. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote = '';
  for (let i = 0; i < command.length; i++) {
    const char = command[i]!;
    if (!quote && char === '#' && !word) {
      words.push(command.slice(i).trim());
      return words;
    }
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === ' ') {
      if (word) words.push(word);
      word = '';
      continue;
    }
    word += char;
  }
  if (word) words.push(word);
  return words;
}
