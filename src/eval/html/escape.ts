// Text from a report is data, never markup: every character HTML gives a meaning is an entity, and
// characters that reorder or hide text are shown by name, as on a terminal (ui/safe-text.ts).
import { escapeControls, escapeControlsKeepLines } from '../../ui/safe-text.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const markup = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

/** One line of text, for a cell or an attribute. */
export const html = (text: string): string => markup(escapeControls(text));

/** Text with its line breaks, for a <pre>. */
export const htmlLines = (text: string): string => markup(escapeControlsKeepLines(text));

/** At most `max` characters, with how many more the report file holds. */
export function cut(text: string, max: number): { text: string; left: number } {
  return text.length <= max ? { text, left: 0 } : { text: text.slice(0, max), left: text.length - max };
}
