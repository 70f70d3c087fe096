// docs/architecture.md's import table is the code's: each folder of src/ imports exactly the
// folders (and top-level files) its row names. A new import across folders fails here until the
// page says so, which is where a reviewer sees it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** A folder of src/ (`api`), or a top-level file by its name (`errors`). */
const unitOf = (file: string) => {
  const [first, second] = relative(SRC, file).split('/');
  return second === undefined ? first!.replace(/\.(ts|js)$/, '') : first!;
};

function importsByFolder(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = unitOf(file);
    if (!relative(SRC, file).includes('/')) continue; // top-level files are not rows
    if (file.endsWith('.test.ts')) continue; // a command's tests beside it are not part of the layers
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*['"](\.[^'"]+)['"]/g)) {
      const target = normalize(join(dirname(file), match[1]!));
      if (relative(SRC, target).startsWith('..')) continue; // package.json
      const to = unitOf(target);
      if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

function documentedTable(): Map<string, Set<string>> {
  const page = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const section = page.slice(page.indexOf('## Which folder may import which'), page.indexOf('## One `agents invoke`'));
  const rows = new Map<string, Set<string>>();
  for (const [, folder, imports] of section.matchAll(/^\| `([a-z]+)` \| (.*) \|$/gm)) {
    const names = imports!
      .replace(/\([^)]*\)/g, '')
      .replace(/⚠|—/g, '')
      .split(/,|\band\b/)
      .map((name) => name.trim())
      .filter(Boolean);
    rows.set(folder!, new Set(names));
  }
  return rows;
}

describe('docs/architecture.md', () => {
  it('has a row for every folder of src/, naming exactly what it imports', () => {
    const actual = importsByFolder();
    const documented = documentedTable();
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'types')
      .map((entry) => entry.name)
      .sort();
    expect([...documented.keys()].sort()).toEqual(folders);
    for (const folder of folders) {
      expect([...(documented.get(folder) ?? [])].sort(), `the row of ${folder}`).toEqual(
        [...(actual.get(folder) ?? [])].sort(),
      );
    }
  });

  it('is linked from the README', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('](docs/architecture.md)');
  });
});
