// Tables on a narrow terminal: the other columns are cut, never the id people copy.
import { describe, expect, it } from 'vitest';
import { PLAIN_THEME } from '../../src/ui/color-support.js';
import { renderTable } from '../../src/ui/table.js';

describe('renderTable', () => {
  const id = '5b0d6a7e-1111-4111-8111-000000000003';
  // 36 + 7 + 8 + 31 columns and three gaps: 88, wider than 80, with the id the widest column.
  const rows = [[id, 'weather', 'FUNCTION', 'Current weather for a city now.']];

  it('keeps the first column whole when the widest column is the first', async () => {
    const table = await renderTable(['ID', 'NAME', 'TYPE', 'DESCRIPTION'], rows, { theme: PLAIN_THEME, width: 80 });
    const lines = table.split('\n');
    expect(lines[1]!.startsWith(`${id}  weather`)).toBe(true);
    expect(lines.every((line) => line.length <= 80)).toBe(true);
    expect(lines[1]).toMatch(/ {2}Current weather for a …$/);
  });

  it('without a width (off a terminal) nothing is cut', async () => {
    expect(
      await renderTable(
        ['ID', 'DESCRIPTION'],
        rows.map((r) => [r[0]!, r[3]!]),
        { theme: PLAIN_THEME },
      ),
    ).toContain('for a city now.');
  });

  it('cuts the first column instead when it is only a label (cutFirst)', async () => {
    const rows = [['a rather long case name that would push the verdicts off', 'PASS 100%', 'FAIL 0%']];
    const table = await renderTable(['CASE', 'BEFORE', 'AFTER'], rows, {
      theme: PLAIN_THEME,
      width: 40,
      cutFirst: true,
    });
    expect(table.split('\n')[1]).toBe('a rather long case …  PASS 100%  FAIL 0%');
    expect(Math.max(...table.split('\n').map((line) => line.length))).toBeLessThanOrEqual(40);
  });
});
