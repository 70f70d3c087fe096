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
    expect(parsePythonLiteral(`{'a': 'it\\'s\\n\\t\\x41\\u00e9\\U0001F600', "b": [1, -2.5, 1e3, (True, False, None)], 'c': {}}`)).toEqual({
      a: "it's\n\tAé😀",
      b: [1, -2.5, 1000, [true, false, null]],
      c: {},
    });
  });

  it('reads JSON, as older servers sent', () => {
    expect(parseToolCall('{"function": "search", "args": {"q": "x"}}')).toMatchObject({ name: 'search', args: { q: 'x' } });
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
