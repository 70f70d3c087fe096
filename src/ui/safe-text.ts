// Text from the service is data, not terminal commands. Before it reaches a terminal, control
// characters are shown in caret notation, as gh does: ESC → ^[, BEL → ^G, CR → ^M, DEL → ^?,
// and the 8-bit C1 controls as their 7-bit ESC form (CSI U+009B → ^[[).

// eslint-disable-next-line no-control-regex -- control characters are what it escapes
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- control characters are what it escapes
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

function caret(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return '^' + String.fromCharCode(code + 0x40);
  if (code === 0x7f) return '^?';
  return '^[' + String.fromCharCode(code - 0x40);
}

/** Every control character escaped, line breaks and tabs too: for one-line fields. */
export function escapeControls(text: string): string {
  return CONTROL.test(text) ? text.replace(CONTROLS, caret) : text;
}

/** Control characters escaped, but line breaks and tabs kept: for multi-line text. */
export function escapeControlsKeepLines(text: string): string {
  return CONTROL.test(text) ? text.replace(CONTROLS, (char) => (char === '\n' || char === '\t' ? char : caret(char))) : text;
}
