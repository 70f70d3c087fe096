// Text measured as a terminal shows it: a CJK character or most emoji take two columns, a
// combining mark none (string-width, which ora brings into the bundle anyway), and cut only
// between characters, so no cut leaves half an emoji (a lone surrogate) or a letter without its
// accent. ASCII, most of what the CLI shows, takes the short way. string-width makes ICU's
// grapheme segmenter when it loads (15-25 ms): it is loaded only for text beyond ASCII, by
// prepareWidths(), which a table awaits before it measures its cells.

/**
 * ASCII, and the punctuation the CLI itself writes (…, —, –, quotes, •, °, ·): one column each, as
 * string-width measures them, so a cut marked "…" does not load it.
 */
const PLAIN = /^[\x20-\x7e\u2026\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u00b0\u00b7]*$/;
/** A character with its marks (accents, variation selectors), and any joined to it by U+200D. */
let character: RegExp | undefined;
/** Made on first use: a pattern of Unicode properties costs every command's start when made at load. */
const characters = (text: string): string[] =>
  text.match((character ??= /\P{M}\p{M}*(?:\u200d\P{M}\p{M}*)*|\p{M}+/gsu)) ?? [];

let measure: ((text: string) => number) | undefined;

/** Makes displayWidth exact for `texts` (loads string-width when one of them is beyond ASCII). */
export async function prepareWidths(texts: Iterable<string>): Promise<void> {
  if (measure) return;
  for (const text of texts) {
    if (PLAIN.test(text)) continue;
    measure = (await import('string-width')).default;
    return;
  }
}

/** The columns `text` takes: exact for ASCII and after prepareWidths, one a character before. */
export function displayWidth(text: string): number {
  if (PLAIN.test(text)) return text.length;
  return measure ? measure(text) : characters(text).length;
}

/** The longest start of `text` that takes at most `width` columns, cut between characters. */
export function startWithin(text: string, width: number): string {
  if (PLAIN.test(text)) return text.slice(0, Math.max(0, width));
  let used = 0;
  let end = 0;
  for (const one of characters(text)) {
    const columns = displayWidth(one);
    if (used + columns > width) break;
    used += columns;
    end += one.length;
  }
  return text.slice(0, end);
}

/** `text` if it fits `width` columns; else its start and "…", together at most `width` columns. */
export function cutToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  return startWithin(text, width - 1) + '…';
}

/** `text` with spaces after it up to `width` columns. */
export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}
