// docs/architecture.md states the direction of imports as a rule: the folders of src/ (and its
// top-level files) in layers, each importing only from layers below its own. This holds the code to
// that rule, type-only and lazy imports included; it is a rule, not a copy of today's graph, so a
// new import that follows it needs no change here, and one against it fails until the layers change.
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
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** A folder of src/ (`api`), or a top-level file by its name (`errors`). */
const unitOf = (file: string) => {
  const [first, second] = relative(SRC, file).split('/');
  return second === undefined ? first!.replace(/\.(ts|js)$/, '') : first!;
};

/** Each import across units: from, to, and the file that makes it. */
function imports(): Array<{ from: string; to: string; file: string }> {
  const found: Array<{ from: string; to: string; file: string }> = [];
  for (const file of sourceFiles(SRC)) {
    if (file.endsWith('.test.ts')) continue; // a command's tests beside it are not part of the layers
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*['"](\.[^'"]+)['"]/g)) {
      const target = normalize(join(dirname(file), match[1]!));
      if (relative(SRC, target).startsWith('..')) continue; // package.json
      const [from, to] = [unitOf(file), unitOf(target)];
      if (from !== to) found.push({ from, to, file: relative(ROOT, file) });
    }
  }
  return found;
}

/** The page's layers, lowest first: `| 0 | `errors`, `version` |`. */
function layers(): Map<string, number> {
  const page = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const section = page.slice(page.indexOf('## Which folder may import which'), page.indexOf('## One `agents invoke`'));
  const layer = new Map<string, number>();
  for (const [, level, units] of section.matchAll(/^\| (\d+) \| (.*?) \|/gm))
    for (const [, unit] of units!.matchAll(/`([a-z-]+)`/g)) layer.set(unit!, Number(level));
  return layer;
}

describe('docs/architecture.md', () => {
  it('places every folder and top-level file of src/ in a layer, once', () => {
    const units = new Set(
      sourceFiles(SRC)
        .filter((file) => !file.endsWith('.test.ts'))
        .map(unitOf)
        .filter((unit) => unit !== 'types'),
    );
    expect([...layers().keys()].sort()).toEqual([...units].sort());
  });

  it('each unit imports only from layers below its own', () => {
    const layer = layers();
    const against = imports().filter(({ from, to }) => !(layer.get(to)! < layer.get(from)!));
    expect(against.map(({ from, to, file }) => `${file}: ${from} → ${to}`)).toEqual([]);
  });

  it('the rule can fail: an import from a higher layer is found', () => {
    const layer = layers();
    expect(layer.get('commands')!).toBeGreaterThan(layer.get('api')!);
    const made = imports().filter(({ from, to }) => from === 'commands' && to === 'api');
    expect(made.length).toBeGreaterThan(0); // commands do import the wire: the walk sees imports
  });

  it('is linked from the README', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('](docs/architecture.md)');
  });
});
