// Text that is not ours, made safe for a Markdown job summary: an eval file comes from a pull
// request and answers and names from a service, and the summary is rendered on GitHub. Every
// character Markdown or HTML gives a meaning is written as an entity (no tag, no link, no
// emphasis, no heading or table row the text did not have), line breaks become spaces, the
// patterns GitHub would turn into links (https://, www., a@b) are broken with a zero-width space,
// secrets the run knows are hidden, and a long text is cut with a count of what was left out.
import { scrubSecrets } from '../secrets/known.js';

/**
 * Letters, digits, spaces, characters beyond ASCII and the ASCII punctuation GitHub's Markdown
 * gives no meaning to stand as they are; every other character is an entity.
 */
const PLAIN = /[\p{L}\p{N} ,;?%/="'\u0080-\u{10ffff}]/u;
/** After these, a zero-width space: GitHub links https://…, www.… and a@b.c in plain text. */
const LINK_BREAKERS = new Set([':', '.', '@']);
// eslint-disable-next-line no-control-regex -- control characters are what it flattens
const BREAKS = /[\u0000-\u001f\u007f-\u009f\s]+/g;
/** Characters that reorder or hide text, shown by name as on a terminal. */
const HIDING = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

/** `text` on one line, at most `max` characters of it, safe anywhere in Markdown (a table cell too). */
export function markdownText(text: string, max = 200): string {
  const characters = [...scrubSecrets(text.replace(BREAKS, ' ').trim())];
  const kept = characters.slice(0, max);
  const left = characters.length - kept.length;
  const escaped = kept.map(entity).join('');
  return left > 0 ? `${escaped}… _(${left} more characters)_` : escaped;
}

function entity(char: string): string {
  const code = char.codePointAt(0)!;
  if (HIDING.test(char)) return `&lt;U+${code.toString(16).toUpperCase().padStart(4, '0')}&gt;`;
  if (PLAIN.test(char)) return char;
  return `&#${code};${LINK_BREAKERS.has(char) ? '&#8203;' : ''}`;
}

/** A Markdown table of cells already safe; at most `cap` rows, then a line saying how many more. */
export function markdownTable(headers: string[], rows: string[][], cap: number, more: string): string[] {
  const shown = rows.slice(0, cap);
  const lines = [`| ${headers.join(' | ')} |`, `|${headers.map(() => ' --- ').join('|')}|`];
  for (const row of shown) lines.push(`| ${row.map((cell) => cell || ' ').join(' | ')} |`);
  if (rows.length > shown.length) lines.push('', `_…and ${rows.length - shown.length} more ${more}._`);
  return lines;
}
