// The eval file is checked whole before any request: every problem at once, each with file:line.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadEvalFile } from '../../src/eval/load.js';
import { CliError } from '../../src/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'agents-eval-load-'));
const stdin = Object.assign(Readable.from([]), { isTTY: false });

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function problems(
  text: string,
  agent?: string,
): Promise<{ message: string; details: string[]; exitCode: number }> {
  const path = file('bad.yaml', text);
  const error = await loadEvalFile(path, stdin, agent).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  const { message, details, exitCode } = error as CliError;
  return { message, details: details.map((line) => line.replace(path, 'bad.yaml')), exitCode };
}

describe('a valid file', () => {
  it('reads input cases and conversations, with the agent from the case or from --agent', async () => {
    const path = file(
      'ok.yaml',
      [
        'x-common: &limits',
        '  max-latency-ms: 5000',
        'cases:',
        '  - name: greets',
        '    agent: Docs bot',
        '    input: hello',
        '    outputSchema: {type: object}',
        '    llm_params: {temperature: 0, max_tokens: 50}',
        '    assert:',
        '      - contains: hello',
        '      - *limits',
        '      - tool-called: {name: weather, args: {city: Paris}}',
        '  - name: remembers',
        '    turns:',
        '      - input: I am Ada.',
        '      - input: Who am I?',
        '        assert: [{icontains: ada}, {regex: "A.a"}]',
      ].join('\n'),
    );
    const loaded = await loadEvalFile(path, stdin, 'Fallback bot');
    expect(loaded.source).toBe(path);
    expect(
      loaded.cases.map(({ name, agent, where, outputSchema, llmParams }) => ({
        name,
        agent,
        where,
        outputSchema,
        llmParams,
      })),
    ).toEqual([
      {
        name: 'greets',
        agent: 'Docs bot',
        where: `${path}:4`,
        outputSchema: '{"type":"object"}',
        llmParams: { temperature: 0, max_tokens: 50 },
      },
      { name: 'remembers', agent: 'Fallback bot', where: `${path}:13`, outputSchema: undefined, llmParams: undefined },
    ]);
    expect(loaded.cases[0]!.turns).toEqual([
      {
        input: 'hello',
        checks: [
          { kind: 'contains', value: 'hello' },
          { kind: 'max-latency-ms', value: 5000 },
          { kind: 'tool-called', value: { name: 'weather', args: { city: 'Paris' } } },
        ],
      },
    ]);
    const [first, second] = loaded.cases[1]!.turns;
    expect(first).toEqual({ input: 'I am Ada.', checks: [] });
    expect(second!.checks.map((c) => c.kind)).toEqual(['icontains', 'regex']);
    expect(second!.checks[1]).toMatchObject({ pattern: /A.a/ });
  });

  it('reads JSON too, and a tool name alone', async () => {
    const path = file(
      'ok.json',
      JSON.stringify({
        cases: [{ name: 'j', agent: 'a', input: 'hi', assert: [{ 'tool-called': 'weather' }, { 'is-json': true }] }],
      }),
    );
    const [only] = (await loadEvalFile(path, stdin, undefined)).cases;
    expect(only!.turns[0]!.checks).toEqual([
      { kind: 'tool-called', value: { name: 'weather' } },
      { kind: 'is-json', value: true },
    ]);
  });
});

describe('an invalid file: exit 2, every problem with its line, nothing sent', () => {
  it('lists the problems of every case in file order', async () => {
    const result = await problems(
      [
        'cases:', //                               1
        '  - name: no agent', //                   2
        '    input: hi', //                        3
        '    assert: [{contains: hi}]', //         4
        '  - name: both', //                       5
        '    agent: a', //                         6
        '    input: hi', //                        7
        '    turns: [{input: x}]', //              8
        '  - name: unknown check', //              9
        '    agent: a', //                         10
        '    input: hi', //                        11
        '    assert:', //                          12
        '      - contians: hi', //                 13
        '      - regex: "(" ', //                  14
        '      - max-latency-ms: -5', //           15
        '      - {contains: a, regex: b}', //      16
        '      - contains: 42', //                 17
        '  - name: checks nothing', //             18
        '    agent: a', //                         19
        '    input: hi', //                        20
        '  - name: both', //                       21
        '    agent: a', //                         22
        '    input: hi', //                        23
        '    assert: [{no-error: true}]', //       24
        '    colour: red', //                      25
      ].join('\n'),
    );
    expect(result.message).toBe('invalid eval file (nothing was sent)');
    expect(result.exitCode).toBe(2);
    expect(result.details).toEqual([
      'bad.yaml:2: case "no agent": no agent: give it agent: (a name, id prefix or id), or pass --agent',
      'bad.yaml:5: case "both": give either input: or turns:, not both',
      'bad.yaml:13: case "unknown check": unknown check "contians" (known: contains, icontains, not-contains, equals, regex, json-schema, is-json, tool-called, max-latency-ms, max-ttft-ms, no-error, judge)',
      expect.stringMatching(
        /^bad\.yaml:14: case "unknown check": regex: not a valid regular expression: Invalid regular expression: \/\(\/: Unterminated group$/,
      ),
      'bad.yaml:15: case "unknown check": max-latency-ms: must be more than 0',
      'bad.yaml:16: case "unknown check": a check is one "kind: value" pair, e.g. - contains: hello',
      'bad.yaml:17: case "unknown check": contains: must be a string; the file has the number 42: put it in quotes',
      'bad.yaml:18: case "checks nothing" checks nothing: add assert: with at least one check, e.g. - no-error: true',
      'bad.yaml:25: case "both": unknown field colour',
    ]);
  });

  it('a second case of the same name, assert beside turns, and an unusable JSON Schema', async () => {
    const result = await problems(
      [
        'cases:',
        '  - {name: twin, agent: a, input: hi, assert: [{no-error: true}]}',
        '  - {name: twin, agent: a, input: hi, assert: [{no-error: true}]}',
        '  - name: talk',
        '    agent: a',
        '    turns: [{input: hi, assert: [{no-error: true}]}]',
        '    assert: [{contains: x}]',
        '  - name: schema',
        '    agent: a',
        '    input: hi',
        '    assert: [{json-schema: {type: banana}}]',
      ].join('\n'),
    );
    expect(result.details).toEqual([
      expect.stringMatching(
        /^bad\.yaml:3: case "twin" is named twice \(also at .*bad\.yaml:2\); names tell cases apart in reports$/,
      ),
      'bad.yaml:7: case "talk": with turns:, each turn has its own assert:',
      expect.stringMatching(/^bad\.yaml:11: case "schema": json-schema is not a usable JSON Schema: /),
    ]);
  });

  it('a file without cases:, an unknown top-level key, a YAML syntax error', async () => {
    expect((await problems('agents: []\n')).details).toEqual(['bad.yaml:1: expected "cases:" with a list of cases']);
    expect((await problems('cases: []\n')).details).toEqual(['bad.yaml: "cases:" is empty']);
    expect(
      (await problems('cases:\n  - {name: a, agent: a, input: b, assert: [{no-error: true}]}\nsuite: x\n')).details,
    ).toEqual([
      'bad.yaml:3: unknown top-level key "suite" (a file holds cases:; keys starting with "x-" may hold anchors)',
    ]);
    const syntax = await loadEvalFile(file('broken.yaml', 'cases:\n  - name: [unclosed\n'), stdin, undefined).catch(
      (e: CliError) => e,
    );
    expect([(syntax as CliError).exitCode, (syntax as CliError).message]).toEqual([
      2,
      expect.stringMatching(/broken\.yaml:\d+:\d+: not valid JSON or YAML: /),
    ]);
  });
});
