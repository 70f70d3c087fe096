// Text that is not ours, made safe for a Markdown job summary: an eval file comes from a pull
// request and answers and names from a service, and the summary is rendered on GitHub. Only what
// Markdown would read is escaped, with a backslash, so the raw file stays readable: the characters
// that open markup anywhere in a line or a table cell, and what would start a heading, list or
// quote at the start of a line. Line breaks become spaces, a zero-width space goes only where GitHub
// would make a bare link (https://, www., a@b.c), characters that hide or reorder text are shown by
// name, secrets the run knows are hidden, and a long text is cut with a count of what was left out.
import { scrubSecrets } from '../secrets/known.js';

/** Open markup anywhere: tags and autolinks, entities, links and images, code, emphasis, strikethrough, math, a cell's end. */
const INLINE = /[\\`*_~[\]<&|$]/g;
/** At the start of a line: a heading, a quote, a list item (-, +, 1. or 1)), a setext underline. */
const LINE_START = /^(?:[#>+=-]|\d{1,9}(?=[.)]))/;
// eslint-disable-next-line no-control-regex -- control characters are what it flattens
const BREAKS = /[\u0000-\u001f\u007f-\u009f\s]+/g;
/** Characters that reorder or hide text, shown by name as on a terminal. */
const HIDING = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;
/** Where GitHub starts a bare link: a scheme's //, www., the @ of an address. */
const BARE_LINK = /(?<=:\/)(?=\/)|(?<=\bwww)(?=\.)|(?<=[\w.+-])@(?=[\w-]+\.)/giu;

/** `text` on one line, at most `max` characters of it, safe anywhere in Markdown (a table cell too). */
export function markdownText(text: string, max = 200): string {
  const characters = [...scrubSecrets(text.replace(BREAKS, ' ').trim())];
  const kept = characters.slice(0, max).join('');
  const left = characters.length - max;
  const escaped = kept
    .replace(INLINE, '\\$&')
    .replace(LINE_START, (start) => (/\d/.test(start) ? start + '\\' : '\\' + start))
    .replace(HIDING, (char) => `\\<U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`)
    .replace(BARE_LINK, (at) => `${at}\u200b`);
  return left > 0 ? `${escaped}… _(${left} more characters)_` : escaped;
}

/** A Markdown table of cells already safe; at most `cap` rows, then a line saying how many more. */
export function markdownTable(headers: string[], rows: string[][], cap: number, more: string): string[] {
  const shown = rows.slice(0, cap);
  const lines = [`| ${headers.join(' | ')} |`, `|${headers.map(() => ' --- ').join('|')}|`];
  for (const row of shown) lines.push(`| ${row.map((cell) => cell || ' ').join(' | ')} |`);
  if (rows.length > shown.length) lines.push('', `_…and ${rows.length - shown.length} more ${more}._`);
  return lines;
}
