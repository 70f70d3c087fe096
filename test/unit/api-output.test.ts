// `agents api` on a terminal: JSON indented, anything else with its control characters shown, not run.
import { describe, expect, it } from 'vitest';
import { apiPathOf, pretty } from '../../src/commands/api/run.js';

describe('agents api output for a person', () => {
  it('indents JSON, whose strings escape control characters', () => {
    expect(pretty('{"a":"x\\u001b[31m"}')).toBe('{\n  "a": "x\\u001b[31m"\n}\n');
  });

  it('shows the control characters of a text body instead of sending them to the terminal', () => {
    const shown = pretty('plain \u001b]0;pwned\u0007 text\nsecond line');
    // eslint-disable-next-line no-control-regex -- control characters are what must not be there
    expect(shown).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(shown).toContain('^[]0;pwned^G');
    expect(shown).toContain('\nsecond line\n');
  });

  it('puts /api/v1/ in front of a path that has no /api/ of its own', () => {
    expect(apiPathOf('agents')).toBe('/api/v1/agents');
    expect(apiPathOf('/tools?take=2')).toBe('/api/v1/tools?take=2');
    expect(apiPathOf('/api/v2/x')).toBe('/api/v2/x');
    expect(() => apiPathOf('https://elsewhere.example/api')).toThrow('is not a path on the service');
  });
});
