// A JSON file is read by a JSON parser, and must read exactly as YAML's parser reads it.
import { LineCounter, parseDocument as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parsedAsJson, parseDocument } from './structured-text.js';

/** What YAML's parser makes of the text: the value, and the line of the node at each path. */
function asYaml(text: string) {
  const lines = new LineCounter();
  const document = parseYaml(text, { lineCounter: lines, prettyErrors: false, merge: true });
  return {
    value: document.toJS() as unknown,
    lineOf: (path: Array<string | number>) => {
      const node = document.getIn(path, true) as { range?: [number, number, number] } | undefined;
      return node?.range ? lines.linePos(node.range[0]).line : undefined;
    },
  };
}

const JSON_FILE = `{
  "cases": [
    { "name": "one", "input": "hi \\u00e9\\n", "assert": [{ "contains": "hello" }] },
    {
      "name": "two",
      "turns": [
        "first",
        { "input": "second", "n": -0.5e3 }
      ]
    }
  ],
  "x-shared": { "a": [true, false, null] }
}
`;

describe('parseDocument on JSON', () => {
  it('gives the value and every line that YAML gives', async () => {
    const parsed = await parseDocument(JSON_FILE, 'cases.json');
    const yaml = asYaml(JSON_FILE);
    expect(parsed.value).toEqual(yaml.value);
    const paths: Array<Array<string | number>> = [
      ['cases'],
      ['cases', 0],
      ['cases', 0, 'assert', 0, 'contains'],
      ['cases', 1],
      ['cases', 1, 'turns', 1, 'n'],
      ['x-shared', 'a', 2],
      ['cases', 7],
      ['nowhere'],
    ];
    expect(paths.map((path) => parsed.lineOf(path))).toEqual(paths.map((path) => yaml.lineOf(path)));
    expect(parsed.lineOf(['cases', 1, 'turns', 1, 'n'])).toBe(8);
    // Read by the JSON parser, not by YAML's.
    expect((await parsedAsJson(JSON_FILE))?.value).toEqual(yaml.value);
  });

  it('leaves to YAML a key given twice, which JSON.parse would read as the last one', async () => {
    await expect(parseDocument('{\n  "a": 1,\n  "a": 2\n}', 'twice.json')).rejects.toThrow(
      /^twice\.json:3:\d+: not valid JSON or YAML: Map keys must be unique/,
    );
    expect(await parsedAsJson('{\n  "a": 1,\n  "a": 2\n}')).toBeUndefined();
    // A quoted "<<" is a plain key to YAML too, not a merge key.
    const text = '{ "base": { "x": 1 }, "case": { "<<": { "x": 1 }, "y": 2 } }';
    expect((await parseDocument(text, 'm.json')).value).toEqual(asYaml(text).value);
  });

  it('leaves to YAML what is not plain JSON (a flow mapping, a trailing comma, a comment)', async () => {
    for (const text of ['{ a: 1 }', '[1, 2,]', '{ "a": 1 } # note', 'a: 1']) {
      expect(await parsedAsJson(text)).toBeUndefined();
      expect((await parseDocument(text, 'f.yaml')).value).toEqual(asYaml(text).value);
    }
  });

  it('a file nested past the stack is a bad file named with its line, as YAML reports it, not a crash', async () => {
    const deep = `{"cases": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    expect(await parsedAsJson(deep)).toBeUndefined();
    await expect(parseDocument(deep, 'deep.json')).rejects.toThrow(/^deep\.json:1:\d+: not valid JSON or YAML/);
  });
});
