// Text from the service is data, not terminal commands. Before it reaches a terminal, control
// characters are shown in caret notation, as gh does: ESC → ^[, BEL → ^G, CR → ^M, DEL → ^?,
// and the 8-bit C1 controls as their 7-bit ESC form (CSI U+009B → ^[[). Characters that reorder
// or hide text without being controls (bidi overrides and isolates such as U+202E, zero-width
// spaces and joiners, the BOM) are shown as <U+202E>: "txt.exe" must not display as "exe.txt".

// eslint-disable-next-line no-control-regex -- control characters are what it escapes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;
// eslint-disable-next-line no-control-regex -- control characters are what it escapes
const ALL_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

function shown(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return '^' + String.fromCharCode(code + 0x40);
  if (code === 0x7f) return '^?';
  if (code <= 0x9f) return '^[' + String.fromCharCode(code - 0x40);
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** Every unsafe character escaped, line breaks and tabs too: for one-line fields and messages. */
export function escapeControls(text: string): string {
  return UNSAFE.test(text) ? text.replace(ALL_UNSAFE, shown) : text;
}

/** Unsafe characters escaped, but line breaks and tabs kept: for multi-line text (an answer). */
export function escapeControlsKeepLines(text: string): string {
  return UNSAFE.test(text)
    ? text.replace(ALL_UNSAFE, (char) => (char === '\n' || char === '\t' ? char : shown(char)))
    : text;
}
