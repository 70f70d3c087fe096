import { describe, expect, it } from 'vitest';
import { escapeControls, escapeControlsKeepLines } from '../../src/ui/safe-text.js';

describe('escaping control characters for a terminal', () => {
  it('shows C0 controls, DEL and C1 controls in caret notation', () => {
    expect(escapeControls('a\x1b[31mb\x07c\rd\x00e\x7ff\x9b1mg\x9d0;t')).toBe('a^[[31mb^Gc^Md^@e^?f^[[1mg^[]0;t');
  });

  it('escapes line breaks and tabs for one-line fields, keeps them for text', () => {
    expect(escapeControls('one\ntwo\tthree')).toBe('one^Jtwo^Ithree');
    expect(escapeControlsKeepLines('one\ntwo\tthree\r\n')).toBe('one\ntwo\tthree^M\n');
  });

  it('leaves printable text alone, non-ASCII included', () => {
    const text = 'Привет, мир! 你好 👋 naïve café ¡ ÿ';
    expect(escapeControls(text)).toBe(text);
    expect(escapeControlsKeepLines(text)).toBe(text);
  });

  it('keeps a zero-width joiner inside an emoji sequence, escapes it anywhere else', () => {
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466}'; // 👨‍👩‍👧‍👦
    const toned = '\u{1f469}\u{1f3fd}\u200d\u{1f4bb}'; // 👩🏽‍💻
    const flag = '\u{1f3f3}\ufe0f\u200d\u{1f308}'; // 🏳️‍🌈
    for (const emoji of [family, toned, flag]) {
      expect(escapeControls(`team ${emoji}`)).toBe(`team ${emoji}`);
      expect(escapeControlsKeepLines(`${emoji}\n`)).toBe(`${emoji}\n`);
    }
    expect(escapeControls('pay\u200dpal')).toBe('pay<U+200D>pal');
    expect(escapeControls('\u{1f468}\u200dx')).toBe('\u{1f468}<U+200D>x');
    expect(escapeControls('\u200d\u{1f468}')).toBe('<U+200D>\u{1f468}');
  });
});
