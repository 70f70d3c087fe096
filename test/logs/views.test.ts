// How the run log reads on a terminal: a search's matches highlighted, a replay's changes word by
// word (and marked in plain text elsewhere, as git diff --word-diff does); service text escaped.
import { describe, expect, it } from 'vitest';
import { highlighted } from '../../src/commands/logs/view.js';
import { wordDiff } from '../../src/logs/word-diff.js';
import { PLAIN_THEME } from '../../src/ui/color-support.js';
import { createTheme } from '../../src/ui/theme.js';

describe('run log views', () => {
  it('highlights the matching words of a snippet: bold on a terminal, [marked] elsewhere, controls escaped', () => {
    const snippet = 'it will \ue000rain\ue001 in \ue000Lyon\ue001\u001b[2J tomorrow';
    const theme = createTheme(true);
    expect(highlighted(snippet, theme, true)).toBe(
      `it will ${theme.heading('rain')} in ${theme.heading('Lyon')}^[[2J tomorrow`,
    );
    expect(highlighted(snippet, PLAIN_THEME, false)).toBe('it will [rain] in [Lyon]^[[2J tomorrow');
  });

  it('shows what changed between two answers word by word', async () => {
    expect(await wordDiff('It is sunny in Paris.', 'It is rainy in Paris.', PLAIN_THEME, false)).toBe(
      'It is [-sunny-]{+rainy+} in Paris.',
    );
    const theme = createTheme(true);
    const coloured = await wordDiff('one two', 'one three', theme, true);
    expect(coloured).toBe(`one ${theme.error('two')}${theme.success('three')}`);
    expect(await wordDiff('a \u202e b', 'a b', PLAIN_THEME, false)).toContain('<U+202E>');
  });
});
