// Text is measured in the columns a terminal gives it and cut only between characters: a CJK name
// takes two columns a character, an emoji two, an accent none. Tables stay aligned and no excerpt
// leaves half an emoji (a lone surrogate, which a terminal shows as garbage and JSON as \ud83d).
import { beforeAll, describe, expect, it } from 'vitest';
import { excerpt } from '../../src/secrets/known.js';
import { PLAIN_THEME } from '../../src/ui/color-support.js';
import { renderTable } from '../../src/ui/table.js';
import { cutToWidth, displayWidth, padToWidth, prepareWidths, startWithin } from '../../src/util/display-width.js';
import { apiErrorFromResponse } from '../../src/api/response-errors.js';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const FAMILY = '👨‍👩‍👧'; // three emoji joined into one: one character on screen, two columns
const ACCENTED = 'e\u0301'; // é as e and a combining accent

beforeAll(() => prepareWidths(['天']));

describe('displayWidth', () => {
  it.each([
    ['ascii', 'weather', 7],
    ['CJK', '天気予報', 8],
    ['emoji', '🌤️ sunny', 8],
    ['a joined emoji', FAMILY, 2],
    ['a combining accent', `caf${ACCENTED}`, 4],
    ['an escape sequence', '\x1b[31mred\x1b[39m', 3],
  ])('%s', (_name, text, columns) => {
    expect(displayWidth(text)).toBe(columns);
  });
});

describe('cutting', () => {
  it('never inside a character: surrogate pairs, joined emoji and accents stay whole', () => {
    for (const text of ['ab😀😀😀', `x${FAMILY}${FAMILY}`, `caf${ACCENTED}${ACCENTED}`, '天気予報です']) {
      for (let width = 0; width <= displayWidth(text) + 1; width++) {
        const start = startWithin(text, width);
        expect(text.startsWith(start)).toBe(true);
        expect(displayWidth(start)).toBeLessThanOrEqual(width);
        expect(start).not.toMatch(LONE_SURROGATE);
        expect(start.endsWith('e')).toBe(false); // never an e whose accent was cut off (the texts have none bare)
        const cut = cutToWidth(text, Math.max(1, width));
        expect(displayWidth(cut)).toBeLessThanOrEqual(Math.max(1, width));
        expect(cut).not.toMatch(LONE_SURROGATE);
      }
    }
  });

  it('the longest start that fits, and "…" only when something was cut', () => {
    expect(startWithin('天気予報', 5)).toBe('天気');
    expect(cutToWidth('天気予報', 5)).toBe('天気…');
    expect(cutToWidth('天気予報', 8)).toBe('天気予報');
    expect(padToWidth('天気', 6)).toBe('天気  ');
  });

  it('an excerpt of a service message keeps emoji whole, and the message cap counts what it left out', () => {
    expect(excerpt('😀'.repeat(10), 6)).toBe('😀😀…');
    const error = apiErrorFromResponse(
      500,
      'application/json',
      JSON.stringify({ detail: `${'a'.repeat(2047)}😀 tail` }),
    );
    expect(error.message).not.toMatch(LONE_SURROGATE);
    expect(error.message).toMatch(/^a{2047}… \d+ more bytes$/);
  });
});

describe('tables align by columns on screen', () => {
  const column = (line: string, text: string) => displayWidth(line.slice(0, line.indexOf(text)));

  it('a CJK or emoji name does not shift the next column', async () => {
    const table = await renderTable(
      ['NAME', 'TYPE'],
      [
        ['天気予報', 'SUPERAGENT'],
        [`${FAMILY} family`, 'OPENAI'],
        ['plain', 'LLM'],
      ],
      { theme: PLAIN_THEME },
    );
    const [header, ...lines] = table.split('\n');
    const at = column(header!, 'TYPE');
    expect(lines.map((line, i) => column(line, ['SUPERAGENT', 'OPENAI', 'LLM'][i]!))).toEqual([at, at, at]);
  });

  it('on a narrow terminal, a cut CJK cell still fits and aligns', async () => {
    const table = await renderTable(
      ['ID', 'DESCRIPTION', 'TYPE'],
      [
        ['a1', '日本語の説明がとても長いです日本語の説明がとても長いです', 'X'],
        ['a2', 'short', 'Y'],
      ],
      { theme: PLAIN_THEME, width: 30 },
    );
    const lines = table.split('\n');
    expect(lines.map(displayWidth).every((width) => width <= 30)).toBe(true);
    expect(column(lines[1]!, 'X')).toBe(column(lines[2]!, 'Y'));
    expect(table).not.toMatch(LONE_SURROGATE);
  });
});
