// A compact, aligned table. On a terminal the widest column is cut to fit the width, never the
// first: it holds the id a person copies into the next command; columns marked keepWhole (a name)
// are cut only after the others. A table whose first column is
// only a label (a case name) says so, and that column is the one cut.
// Cells are one line each, with control characters shown escaped (the text may come from the service),
// measured in the columns a terminal gives them (a CJK name takes two a character).
import { excerpt } from '../secrets/known.js';
import { displayWidth, padToWidth, prepareWidths } from '../util/display-width.js';
import { escapeControls } from './safe-text.js';
import type { Theme } from './theme.js';

export async function renderTable(
  headers: string[],
  rows: string[][],
  options: {
    theme: Theme;
    width?: number;
    cutFirst?: boolean;
    /** Columns a person types from (a name): cut only when every other one is as narrow as it goes. */
    keepWhole?: readonly number[];
  },
): Promise<string> {
  const clean = rows.map((row) => row.map((cell) => escapeControls(cell.replace(/\s+/g, ' '))));
  await prepareWidths(clean.flat());
  const widths = headers.map((header, i) =>
    Math.max(displayWidth(header), ...clean.map((row) => displayWidth(row[i] ?? ''))),
  );
  if (options.width) shrinkToFit(widths, options.width, options.cutFirst === true, options.keepWhole ?? []);
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => fitCell(cell, widths[i]!))
      .join('  ')
      .trimEnd();
  return [options.theme.heading(line(headers)), ...clean.map(line)].join('\n');
}

function shrinkToFit(widths: number[], total: number, cutFirst: boolean, keepWhole: readonly number[]): void {
  const gaps = 2 * (widths.length - 1);
  let excess = widths.reduce((sum, w) => sum + w, 0) + gaps - total;
  if (cutFirst) {
    const cut = Math.min(excess, widths[0]! - 8);
    if (cut > 0) {
      widths[0]! -= cut;
      excess -= cut;
    }
  }
  const widestOf = (columns: number[]) =>
    columns.reduce<number | undefined>(
      (widest, i) => (widths[i]! > 8 && (widest === undefined || widths[i]! > widths[widest]!) ? i : widest),
      undefined,
    );
  const others = widths.map((_, i) => i).filter((i) => i > 0 && !keepWhole.includes(i));
  const kept = keepWhole.filter((i) => i > 0 && i < widths.length);
  while (excess > 0) {
    const widest = widestOf(others) ?? widestOf(kept);
    if (widest === undefined) return;
    widths[widest]!--;
    excess--;
  }
}

function fitCell(cell: string, width: number): string {
  return padToWidth(excerpt(cell, width), width);
}
