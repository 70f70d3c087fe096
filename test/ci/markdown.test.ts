// Text that is not ours, in a job summary, rendered by a CommonMark + GFM-table renderer with
// raw HTML and bare-link detection on (as GitHub renders): it adds no tag, link, heading or row.
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { markdownTable, markdownText } from '../../src/ci/markdown.js';
import { forgetSecrets, rememberSecret } from '../../src/secrets/known.js';

const render = (markdown: string) => new MarkdownIt({ html: true, linkify: true }).render(markdown);

export const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '</script><script>alert(1)</script>',
  '[click](https://evil.example/x) ![i](https://evil.example/i.png)',
  'see https://evil.example and www.evil.example or mail me@evil.example',
  '| forged | row |\n|---|---|\n# Heading\n---\n> quote',
  '**bold** _it_ `code` ~~gone~~ <!-- hidden --> &amp; $x^2$ \\escape',
  'line one\r\nline two\u2028three',
  'bidi \u202etxt.exe hidden\u200bspace',
];

describe('markdownText', () => {
  it('renders each hostile text as text, in one cell of one row, with no tag or link of its own', () => {
    const rows = HOSTILE.map((text, index) => [String(index), markdownText(text, 500)]);
    const rendered = render(markdownTable(['n', 'text'], rows, 50, 'rows').join('\n'));
    expect(rendered.match(/<tr>/g)).toHaveLength(HOSTILE.length + 1);
    expect(rendered.match(/<td>/g)).toHaveLength(HOSTILE.length * 2);
    for (const tag of ['<img', '<script', '<a ', '<h1', '<strong', '<em', '<code', '<s>', '<blockquote', '<hr', '<!--'])
      expect(rendered, tag).not.toContain(tag);
    // What a reader sees is the text (markup as text; a line break as a space).
    const cells = [...rendered.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => m[1]!).filter((_, i) => i % 2 === 1);
    const text = (cell: string) =>
      cell
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .replace(/\u200b/g, '');
    expect(text(cells[0]!)).toBe('<img src=x onerror=alert(1)>');
    expect(text(cells[2]!)).toBe('[click](https://evil.example/x) ![i](https://evil.example/i.png)');
    expect(text(cells[6]!)).toBe('line one line two three');
    expect(text(cells[7]!)).toBe('bidi <U+202E>txt.exe hidden<U+200B>space');
  });

  it('reads as text in the raw file: only what Markdown would read is escaped, a zero-width space only where a link would form', () => {
    expect(markdownText('sum-fail-two')).toBe('sum-fail-two');
    expect(markdownText('stack.yaml: 3 agents, 2 tools; 50% done (v1.2)')).toBe(
      'stack.yaml: 3 agents, 2 tools; 50% done (v1.2)',
    );
    expect(markdownText('a | b')).toBe('a \\| b');
    expect(markdownText('# not a heading')).toBe('\\# not a heading');
    expect(markdownText('- not an item')).toBe('\\- not an item');
    expect(markdownText('> not a quote')).toBe('\\> not a quote');
    expect(markdownText('1. not a list')).toBe('1\\. not a list');
    expect(markdownText('x - y > z 2. w')).toBe('x - y > z 2. w'); // only at the start of the line
    expect(markdownText('<b> & [a] `c` *e* _u_ ~s~ \\ $m$')).toBe(
      '\\<b> \\& \\[a\\] \\`c\\` \\*e\\* \\_u\\_ \\~s\\~ \\\\ \\$m\\$',
    );
    expect(markdownText('see https://evil.example, www.evil.example, me@evil.example')).toBe(
      'see https:/\u200b/evil.example, www\u200b.evil.example, me@\u200bevil.example',
    );
  });

  it('cuts a long text and says how much was left out', () => {
    const out = markdownText('a'.repeat(250), 200);
    expect(out).toBe(`${'a'.repeat(200)}… _(50 more characters)_`);
  });

  it('hides a secret the run knows', () => {
    rememberSecret('sk-live-0123456789abcdef');
    try {
      expect(markdownText('the key is sk-live-0123456789abcdef')).not.toContain('0123456789abcdef');
    } finally {
      forgetSecrets();
    }
  });

  it('caps a table and says how many rows more', () => {
    const rows = Array.from({ length: 7 }, (_, i) => [String(i)]);
    const lines = markdownTable(['n'], rows, 5, 'cases');
    expect(lines.filter((line) => line.startsWith('| ') && /\d/.test(line))).toHaveLength(5);
    expect(lines.at(-1)).toBe('_…and 2 more cases._');
  });
});
