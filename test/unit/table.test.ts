// Tables on a narrow terminal: the other columns are cut, never the id people copy.
import { describe, expect, it } from 'vitest';
import { PLAIN_THEME } from '../../src/ui/color-support.js';
import { renderTable } from '../../src/ui/table.js';
import { resourceTable } from '../../src/resources/view.js';
import { KINDS } from '../../src/resources/registry.js';

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

  it('a column kept whole (a name) is cut only after the others', async () => {
    const named = [[id, 'code-interpreter', 'FUNCTION', 'Runs Python code in a sandbox and returns its output.']];
    const table = await renderTable(['ID', 'NAME', 'TYPE', 'DESCRIPTION'], named, {
      theme: PLAIN_THEME,
      width: 80,
      keepWhole: [1],
    });
    const lines = table.split('\n');
    expect(lines[1]).toMatch(new RegExp(`^${id}  code-interpreter  FUNCTION  Runs Python c…$`));
    expect(lines.every((line) => line.length <= 80)).toBe(true);
    const narrow = await renderTable(['ID', 'NAME', 'TYPE', 'DESCRIPTION'], named, {
      theme: PLAIN_THEME,
      width: 70,
      keepWhole: [1],
    });
    expect(narrow.split('\n')[1]).toBe(`${id}  code-interp…  FUNCTION  Runs Py…`); // the others at their narrowest first
  });

  it('keeps a joiner inside an emoji sequence in a cell', async () => {
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466}';
    const table = await renderTable(['NAME', 'N'], [[`team ${family}`, '1']], { theme: PLAIN_THEME, width: 80 });
    expect(table.split('\n')[1]).toBe(`team ${family}  1`);
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

describe('a resource list at 80 columns', () => {
  it('keeps a tool name whole, the one thing a user must type, and cuts its description', async () => {
    const tool = {
      id: '5b0d6a7e-1111-4111-8111-000000000003',
      name: 'code-interpreter',
      type: 'FUNCTION',
      description: 'Runs Python code in a sandbox and returns what it printed, its files and its errors.',
    };
    const table = await resourceTable(KINDS.tool, [tool], PLAIN_THEME, 80);
    expect(table.split('\n')[1]).toContain('  code-interpreter  ');
    expect(table.split('\n').every((line) => line.length <= 80)).toBe(true);
  });
});
