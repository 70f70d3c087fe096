// Every check kind, passing and failing, with the exact message a failure shows.
import { describe, expect, it } from 'vitest';
import { judge, type Answer } from '../../src/eval/checks.js';
import type { Check } from '../../src/eval/file-schema.js';
import { compileJsonSchema } from '../../src/util/json-schema.js';

const timing = { ttftMs: 120, totalMs: 900, chars: 40, charsPerSecond: 44 };
const answer = (text: string, extra: Partial<Answer> = {}): Answer => ({ text, toolCalls: [], timing, ...extra });
const verdict = (check: Check, given: Answer) => {
  const { passed, message } = judge(check, given);
  return passed ? 'pass' : message;
};

describe('text checks', () => {
  it('contains is case-sensitive; icontains is not', () => {
    expect(verdict({ kind: 'contains', value: 'Paris' }, answer('It rains in Paris.'))).toBe('pass');
    expect(verdict({ kind: 'contains', value: 'paris' }, answer('It rains in Paris.'))).toBe(
      'expected the answer to contain "paris"',
    );
    expect(verdict({ kind: 'icontains', value: 'paris' }, answer('It rains in PARIS.'))).toBe('pass');
    expect(verdict({ kind: 'icontains', value: 'Rome' }, answer('It rains in Paris.'))).toBe(
      'expected the answer to contain "Rome" in any case',
    );
  });

  it('not-contains says where the text was found', () => {
    expect(verdict({ kind: 'not-contains', value: 'sorry' }, answer('Here you are.'))).toBe('pass');
    expect(verdict({ kind: 'not-contains', value: 'sorry' }, answer('I am sorry.'))).toBe(
      'expected the answer not to contain "sorry"; it does, at character 6',
    );
  });

  it('equals ignores the whitespace around the answer, not inside it', () => {
    expect(verdict({ kind: 'equals', value: 'Paris' }, answer('  Paris\n'))).toBe('pass');
    expect(verdict({ kind: 'equals', value: 'Paris' }, answer('Paris.'))).toBe(
      'expected the answer to be exactly "Paris"',
    );
    expect(verdict({ kind: 'equals', value: 'New York' }, answer('New  York'))).toBe(
      'expected the answer to be exactly "New York"',
    );
  });

  it('regex searches the whole answer', () => {
    expect(verdict({ kind: 'regex', value: '^[A-Z]', pattern: /^[A-Z]/ }, answer('Hello'))).toBe('pass');
    expect(verdict({ kind: 'regex', value: '^[A-Z]', pattern: /^[A-Z]/ }, answer('hello'))).toBe(
      'expected the answer to match /^[A-Z]/',
    );
  });
});

describe('JSON checks', () => {
  it('is-json accepts JSON text or a structured answer, and says why text is not JSON', () => {
    expect(verdict({ kind: 'is-json', value: true }, answer('{"a":1}'))).toBe('pass');
    expect(verdict({ kind: 'is-json', value: true }, answer('', { value: { a: 1 } }))).toBe('pass');
    expect(verdict({ kind: 'is-json', value: true }, answer(''))).toBe('expected JSON: the answer is empty');
    expect(verdict({ kind: 'is-json', value: true }, answer('Sure! {"a":1}'))).toMatch(
      /^expected JSON: Unexpected token/,
    );
  });

  it('json-schema names each path that does not match', async () => {
    const schema = {
      type: 'object',
      properties: { hours: { type: 'integer', minimum: 1 } },
      required: ['city', 'hours'],
    };
    const check: Check = { kind: 'json-schema', value: schema, validate: await compileJsonSchema(schema, 'test') };
    expect(verdict(check, answer('{"city":"Paris","hours":3}'))).toBe('pass');
    expect(verdict(check, answer('{"hours":0}'))).toBe(
      "the answer does not match the schema: (root): must have required property 'city'; hours: must be >= 1",
    );
    expect(verdict(check, answer('no'))).toMatch(/^expected JSON matching the schema: Unexpected token/);
  });
});

describe('tool calls', () => {
  const calls = { toolCalls: [{ name: 'forecast', args: { query: 'Paris', days: 2, units: { temp: 'C' } } }] };

  it('a name alone, or a subset of the args compared deeply', () => {
    expect(verdict({ kind: 'tool-called', value: { name: 'forecast' } }, answer('', calls))).toBe('pass');
    expect(
      verdict({ kind: 'tool-called', value: { name: 'forecast', args: { units: { temp: 'C' } } } }, answer('', calls)),
    ).toBe('pass');
  });

  it('says what was called instead', () => {
    expect(
      verdict({ kind: 'tool-called', value: { name: 'forecast', args: { query: 'Rome' } } }, answer('', calls)),
    ).toBe(
      'expected a call to forecast with {"query":"Rome"}; called: forecast({"query":"Paris","days":2,"units":{"temp":"C"}})',
    );
    expect(verdict({ kind: 'tool-called', value: { name: 'browser' } }, answer('', calls))).toBe(
      'expected a call to browser; called: forecast({"query":"Paris","days":2,"units":{"temp":"C"}})',
    );
    expect(verdict({ kind: 'tool-called', value: { name: 'browser' } }, answer('hi'))).toBe(
      'expected a call to browser; no tool was called',
    );
    // Unparsed args (a string) cannot hold the expected ones.
    expect(
      verdict(
        { kind: 'tool-called', value: { name: 'f', args: { a: 1 } } },
        answer('', { toolCalls: [{ name: 'f', args: 'a=1' }] }),
      ),
    ).toBe('expected a call to f with {"a":1}; called: f(a=1)');
  });
});

describe('timing and errors', () => {
  it('max-latency-ms judges the whole answer, max-ttft-ms the first token; each limit is inclusive', () => {
    expect(verdict({ kind: 'max-latency-ms', value: 900 }, answer('x'))).toBe('pass');
    expect(verdict({ kind: 'max-latency-ms', value: 899 }, answer('x'))).toBe('took 900 ms, over the 899 ms allowed');
    expect(verdict({ kind: 'max-ttft-ms', value: 120 }, answer('x'))).toBe('pass');
    expect(verdict({ kind: 'max-ttft-ms', value: 100 }, answer('x'))).toBe(
      'the first token came after 120 ms, over the 100 ms allowed',
    );
    expect(verdict({ kind: 'max-ttft-ms', value: 100 }, answer('', { timing: { ...timing, ttftMs: null } }))).toBe(
      'no answer text came (allowed 100 ms to the first token)',
    );
  });

  it('no-error fails on an error the answer ended with', () => {
    expect(verdict({ kind: 'no-error', value: true }, answer('fine'))).toBe('pass');
    expect(
      verdict(
        { kind: 'no-error', value: true },
        answer('par', { error: { kind: 'stream', message: 'model failure' } }),
      ),
    ).toBe('the agent failed: model failure');
  });

  it('a verdict carries the kind and the expected value, for --json and JUnit', () => {
    expect(judge({ kind: 'contains', value: 'x' }, answer('y'))).toEqual({
      kind: 'contains',
      expected: 'x',
      passed: false,
      message: 'expected the answer to contain "x"',
    });
    expect(judge({ kind: 'contains', value: 'y' }, answer('y'))).toEqual({
      kind: 'contains',
      expected: 'y',
      passed: true,
    });
  });
});
