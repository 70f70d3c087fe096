// docs/json/ is made from the specs: each command's output schema (zod) converted to JSON Schema.
// The files must be exactly what the specs make, and README.md's table must map each command to
// its spec's document. `npm run docs:json` writes both (AGENTS_WRITE_DOCS=1).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { jsonSchemas } from '../../src/commands/json-schemas.js';
import { COMMANDS } from '../../src/commands/registry.js';
import { loadSpecs } from '../../src/commands/command.js';
import { loadZod } from '../../src/util/zod.js';

// The specs load lazily (commands/command.ts): every one, for a test that walks them all; their
// output schemas are zod's, which the program loads first.
await loadSpecs(COMMANDS);
await loadZod();

const DIR = fileURLToPath(new URL('../../docs/json/', import.meta.url));
const WRITE = process.env.AGENTS_WRITE_DOCS === '1';
const schemas = jsonSchemas(COMMANDS);
const asText = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

/** README's table: one row per command, the schema of its document or why it has none. */
function tableRows(): string[] {
  return COMMANDS.map(({ spec }) => {
    const target = spec.output
      ? `[${spec.output.name}.schema.json](${spec.output.name}.schema.json)`
      : `none: ${spec.noJson ?? 'it prints no document of its own'}; its failures print [failure.schema.json](failure.schema.json)`;
    return `| \`${spec.path}\` | ${target} |`;
  });
}

describe('docs/json/', () => {
  it('holds exactly the schemas the specs make', () => {
    const files = readdirSync(DIR).filter((name) => name.endsWith('.schema.json'));
    if (WRITE) {
      for (const file of files) rmSync(join(DIR, file));
      for (const [name, schema] of schemas) writeFileSync(join(DIR, `${name}.schema.json`), asText(schema));
    }
    const written = readdirSync(DIR).filter((name) => name.endsWith('.schema.json'));
    expect(written.sort()).toEqual([...schemas.keys()].map((name) => `${name}.schema.json`).sort());
    for (const [name, schema] of schemas)
      expect(readFileSync(join(DIR, `${name}.schema.json`), 'utf8'), `${name}.schema.json (npm run docs:json)`).toBe(
        asText(schema),
      );
  });

  it("README.md's table maps every command to its spec's document", () => {
    const file = join(DIR, 'README.md');
    const text = readFileSync(file, 'utf8');
    const start = text.indexOf('| command | schema |');
    const end = text.indexOf('\n\n', start);
    const table = ['| command | schema |', '|---|---|', ...tableRows()].join('\n');
    if (WRITE) writeFileSync(file, text.slice(0, start) + table + text.slice(end));
    expect(
      readFileSync(file, 'utf8').slice(start).split('\n\n')[0]!.trimEnd(),
      'docs/json/README.md (npm run docs:json)',
    ).toBe(table);
  });
});
