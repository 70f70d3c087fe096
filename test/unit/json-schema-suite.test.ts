// The --output-schema validator against the official JSON Schema Test Suite (the npm package
// json-schema-test-suite ships its draft-04 files). Each file runs as draft-04, and, where the
// keyword means the same in later drafts, as draft-07 and 2020-12 too: users write those today.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../../src/util/json-schema.js';

const suiteDir = join(
  dirname(createRequire(import.meta.url).resolve('json-schema-test-suite/package.json')),
  'tests',
  'draft4',
);

interface Group {
  description: string;
  schema: Record<string, unknown>;
  tests: Array<{ description: string; data: unknown; valid: boolean }>;
}

const load = (keyword: string): Group[] =>
  JSON.parse(readFileSync(join(suiteDir, `${keyword}.json`), 'utf8')) as Group[];

const SAME_IN_LATER_DRAFTS = [
  'type',
  'required',
  'properties',
  'additionalProperties',
  'enum',
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'maxProperties',
  'minProperties',
  'pattern',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'uniqueItems',
  'multipleOf',
];
// items (array form became prefixItems in 2020-12) and minimum/maximum (exclusive* were booleans in draft-04).
const DRAFT_04_ONLY = ['items', 'minimum', 'maximum'];

const DIALECTS = {
  'draft-04': 'http://json-schema.org/draft-04/schema#',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
};

function cases(keywords: string[], dialects: Array<keyof typeof DIALECTS>) {
  return dialects.flatMap((dialect) =>
    keywords.flatMap((keyword) =>
      load(keyword).map((group) => ({ name: `${dialect} ${keyword}: ${group.description}`, dialect, group })),
    ),
  );
}

describe('the JSON Schema Test Suite', () => {
  const all = [
    ...cases([...SAME_IN_LATER_DRAFTS, ...DRAFT_04_ONLY], ['draft-04']),
    ...cases(SAME_IN_LATER_DRAFTS, ['draft-07', '2020-12']),
  ];

  it('covers every keyword the issue names, in three dialects', () => {
    expect(all.length).toBeGreaterThanOrEqual(130);
  });

  it.each(all)('$name', async ({ dialect, group }) => {
    const check = await compileJsonSchema({ ...group.schema, $schema: DIALECTS[dialect] }, 'the schema');
    for (const test of group.tests) {
      expect({ test: test.description, valid: check(test.data).length === 0 }).toEqual({
        test: test.description,
        valid: test.valid,
      });
    }
  });
});

describe('schemas compiled one after another', () => {
  it('keep apart: two with one $id each validate by their own rules, and a bad one is still refused', async () => {
    for (const [dialect, $schema] of Object.entries(DIALECTS)) {
      // draft-04 names a schema with `id`, the later drafts with `$id`.
      const id = { [dialect === 'draft-04' ? 'id' : '$id']: 'https://example.com/answer.json' };
      const words = await compileJsonSchema({ $schema, ...id, type: 'string' }, 'the first');
      const numbers = await compileJsonSchema({ $schema, ...id, type: 'number' }, 'the second');
      expect([words('a').length, words(1).length, numbers(1).length, numbers('a').length]).toEqual([0, 1, 0, 1]);
      await expect(compileJsonSchema({ $schema, type: 'strin' }, 'the third')).rejects.toThrow(
        /^the third is not a usable JSON Schema: schema is invalid: data\/type must be/,
      );
    }
  });
});
