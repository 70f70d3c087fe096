import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePythonLiteral, parseToolCall } from '../../src/api/python-repr.js';

describe('Python repr reader', () => {
  it("reads the real service's function_call payload, parsing args as JSON", () => {
    expect(parseToolCall(`{'function': 'weather', 'args': '{"city": "Paris"}', 'response': 'Sunny, 21C'}`)).toEqual({
      name: 'weather',
      args: { city: 'Paris' },
      response: 'Sunny, 21C',
      raw: `{'function': 'weather', 'args': '{"city": "Paris"}', 'response': 'Sunny, 21C'}`,
    });
  });

  it('reads escapes, nesting, tuples, numbers and the Python constants', () => {
    expect(
      parsePythonLiteral(
        `{'a': 'it\\'s\\n\\t\\x41\\u00e9\\U0001F600', "b": [1, -2.5, 1e3, (True, False, None)], 'c': {}}`,
      ),
    ).toEqual({
      a: "it's\n\tAé😀",
      b: [1, -2.5, 1000, [true, false, null]],
      c: {},
    });
  });

  it('reads JSON, as older servers sent', () => {
    expect(parseToolCall('{"function": "search", "args": {"q": "x"}}')).toMatchObject({
      name: 'search',
      args: { q: 'x' },
    });
  });

  it('keeps args that are not JSON as the string', () => {
    expect(parseToolCall("{'function': 'f', 'args': 'not json'}").args).toBe('not json');
  });

  it('gives up without throwing on text it cannot read', () => {
    expect(parsePythonLiteral("{'a': ")).toBeUndefined();
    expect(parsePythonLiteral('<object at 0x7f>')).toBeUndefined();
    expect(parseToolCall('garbage')).toEqual({ raw: 'garbage' });
  });
});

describe('Python repr reader: the rest of its promises', () => {
  it("reads r'' as raw (backslashes kept), b'' and u'' as plain strings", () => {
    expect(parsePythonLiteral(String.raw`[r'a\nb', b'x\ty', u'\u00e9', R"c:\d"]`)).toEqual([
      'a\\nb',
      'x\ty',
      'é',
      'c:\\d',
    ]);
  });

  it('reads \\r \\b \\f \\0, a line continuation, and keeps an unknown escape as its character', () => {
    expect(parsePythonLiteral(String.raw`'1\r2\b3\f4\05\q'`)).toBe('1\r2\b3\f4\x005q');
    expect(parsePythonLiteral(`'a\\\nb'`)).toBe('ab');
  });

  it('reads JSON constants as well as Python ones', () => {
    expect(parsePythonLiteral('[true, false, null, True, False, None]')).toEqual([
      true,
      false,
      null,
      true,
      false,
      null,
    ]);
  });

  it('refuses bad hex escapes and unterminated strings or escapes', () => {
    for (const text of [
      String.raw`'\x4'`,
      String.raw`'\u12G4'`,
      `'abc`,
      `'abc\\`,
      `{'a': 1`,
      `[1, 2`,
      `{'a' 1}`,
      '1 2',
      '',
    ]) {
      expect(parsePythonLiteral(text), text).toBeUndefined();
    }
  });

  it('a payload that is None, a list or a number is kept raw, never thrown on', () => {
    for (const data of ['None', '[1, 2]', '42', "'text'"]) expect(parseToolCall(data)).toEqual({ raw: data });
    expect(parseToolCall("{'name': 'search', 'args': {'q': 1}}")).toEqual({
      name: 'search',
      args: { q: 1 },
      response: undefined,
      raw: "{'name': 'search', 'args': {'q': 1}}",
    });
  });

  it('any text at all: it ends, and it never throws (fast-check)', () => {
    const alphabet = fc.constantFrom(...`{}[]()'",: \\rbuTFNx0123456789.-eE\n`.split(''));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: alphabet, maxLength: 60 })), (text) => {
        expect(() => parsePythonLiteral(text)).not.toThrow();
        expect(() => parseToolCall(text)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});

describe('Python repr reader: separators and edges', () => {
  it('items must be separated by commas; a prefix letter needs a quote right after it', () => {
    for (const text of ["{'a': 1 'b': 2}", '[1 2]', '(1 2)', "[1'a']", "[x'a']"])
      expect(parsePythonLiteral(text), text).toBeUndefined();
  });

  it('surrounding whitespace is fine', () => {
    expect(parsePythonLiteral(' \n[1, (2,)] \t\n')).toEqual([1, [2]]);
  });

  it('numbers in every form Python prints', () => {
    expect(parsePythonLiteral('[.5, -.5, 1e+3, 1E-2, 12., -0, 7]')).toEqual([0.5, -0.5, 1000, 0.01, 12, -0, 7]);
  });

  it('a key must be followed by its colon; args that are not text are kept as they are', () => {
    expect(parsePythonLiteral("{'a'x 1}")).toBeUndefined();
    expect(parseToolCall("{'function': 'f', 'args': ['1']}").args).toEqual(['1']);
  });

  it('a name that is not text is no name', () => {
    expect(parseToolCall("{'name': 5}")).toEqual({
      name: undefined,
      args: undefined,
      response: undefined,
      raw: "{'name': 5}",
    });
    expect(parseToolCall("{'function': 5, 'name': 'n'}").name).toBe('n');
  });
});
