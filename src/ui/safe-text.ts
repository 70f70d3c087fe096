// Text from the service is data, not terminal commands. Before it reaches a terminal, control
// characters are shown in caret notation, as gh does: ESC → ^[, BEL → ^G, CR → ^M, DEL → ^?,
// and the 8-bit C1 controls as their 7-bit ESC form (CSI U+009B → ^[[). Characters that reorder
// or hide text without being controls (bidi overrides and isolates such as U+202E, zero-width
// spaces and joiners, the BOM) are shown as <U+202E>: "txt.exe" must not display as "exe.txt".
// A joiner between two emoji is kept: it is how 👨‍👩‍👧‍👦 is written, and hides nothing.

// eslint-disable-next-line no-control-regex -- control characters are what it escapes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;
// eslint-disable-next-line no-control-regex -- control characters are what it escapes
const ALL_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

const ZWJ = '\u200d';
// Made at first use: most text has no joiner, and \p{…} classes cost a start-up.
let emojiBefore: RegExp | undefined;
let emojiAfter: RegExp | undefined;

/** A zero-width joiner inside an emoji sequence (👨‍👩‍👧) joins it; anywhere else it hides. */
function joinsEmoji(text: string, offset: number): boolean {
  // An alternation, not one [class]: Node 26's V8 misses an astral character in [\p{…}\ufe0f]$.
  emojiBefore ??= /(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\ufe0f)$/u;
  emojiAfter ??= /^\p{Extended_Pictographic}/u;
  return (
    emojiBefore.test(text.slice(Math.max(0, offset - 2), offset)) && emojiAfter.test(text.slice(offset + 1, offset + 3))
  );
}

function escaped(char: string, offset: number, text: string): string {
  return char === ZWJ && joinsEmoji(text, offset) ? char : shown(char);
}

function shown(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return '^' + String.fromCharCode(code + 0x40);
  if (code === 0x7f) return '^?';
  if (code <= 0x9f) return '^[' + String.fromCharCode(code - 0x40);
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** Every unsafe character escaped, line breaks and tabs too: for one-line fields and messages. */
export function escapeControls(text: string): string {
  return UNSAFE.test(text) ? text.replace(ALL_UNSAFE, escaped) : text;
}

/** Unsafe characters escaped, but line breaks and tabs kept: for multi-line text (an answer). */
export function escapeControlsKeepLines(text: string): string {
  return UNSAFE.test(text)
    ? text.replace(ALL_UNSAFE, (char, offset: number) =>
        char === '\n' || char === '\t' ? char : escaped(char, offset, text),
      )
    : text;
}
