// What a person sees: a pty's bytes played into a terminal emulator (xterm.js, headless), read
// back as the rows of the screen. Cursor moves, line clears and wrapping act as they would on a
// real terminal, so an answer overwritten in place shows as overwritten.
import xterm from '@xterm/headless';

export interface Screen {
  /** The rows as displayed (scrollback included), trailing blanks trimmed. */
  rows: string[];
  /** The same text with wrapped rows joined back into the lines that were written. */
  lines: string[];
  /** The window title, if anything set one (OSC 0/2). */
  title: string | undefined;
  /** Whether any cell is drawn with a colour or a style (bold, dim, …). */
  styled: boolean;
}

export function renderScreen(bytes: Uint8Array, cols = 120, rows = 40): Promise<Screen> {
  const terminal = new xterm.Terminal({ cols, rows, scrollback: 5000, allowProposedApi: true });
  let title: string | undefined;
  terminal.onTitleChange((text) => (title = text));
  return new Promise((resolve) => {
    terminal.write(bytes, () => {
      const buffer = terminal.buffer.active;
      const shown: string[] = [];
      const lines: string[] = [];
      let styled = false;
      const cell = buffer.getNullCell();
      for (let y = 0; y < buffer.length; y++) {
        const line = buffer.getLine(y)!;
        const text = line.translateToString(true);
        shown.push(text);
        if (line.isWrapped && lines.length > 0) lines[lines.length - 1] += text;
        else lines.push(text);
        for (let x = 0; x < line.length && !styled; x++) {
          line.getCell(x, cell);
          styled =
            !cell.isFgDefault() ||
            !cell.isBgDefault() ||
            cell.isBold() !== 0 ||
            cell.isDim() !== 0 ||
            cell.isUnderline() !== 0 ||
            cell.isInverse() !== 0;
        }
      }
      terminal.dispose();
      const trim = (list: string[]) => list.slice(0, list.findLastIndex((text) => text !== '') + 1);
      resolve({ rows: trim(shown), lines: trim(lines), title, styled });
    });
  });
}

/** SGR sequences (colour and style): none may be written when colour is off. */
// eslint-disable-next-line no-control-regex -- ESC starts the sequences it finds
export const SGR = /\x1b\[[0-9;:]*m/;
