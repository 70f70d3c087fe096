// The examples a --help text shows, extracted as a user would copy them.
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
