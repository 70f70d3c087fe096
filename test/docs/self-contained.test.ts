// The repository explains itself: no source, test, script or document points at a document outside
// it (a design note, a fact sheet, an issue tracker's numbers). The wire facts the code relies on
// are in docs/legacy-service.md, with where each comes from.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const THIS_FILE = fileURLToPath(import.meta.url);
const FOLDERS = ['src', 'test', 'docs', 'scripts', 'bench', 'bin', '.ci'];
const OUTSIDE = [
  /shared\/(docs|reference)/, // the folder beside the clone
  /service-wire-format|service-spec\.md|design\.md|style\.md/,
  /\bdesign §/,
  /\bfact sheet\b/,
  /\b[Ii]ssue #?\d+/, // this project's tracker
  /#\d{1,3} (rows?|item)\b|^\s*\/\/ #\d+|\(#\d+\)/, // "#30 row 2", "// #34:", "(#29)"
  /\(rows? \d+/,
];

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'fixtures' ? [] : textFiles(path);
    return /\.(ts|mjs|cjs|js|md|sh|json)$|^run$/.test(entry.name) ? [path] : [];
  });
}

describe('the repository is self-contained', () => {
  const files = [join(ROOT, 'README.md'), ...FOLDERS.flatMap((folder) => textFiles(join(ROOT, folder)))];

  it('reads enough files to mean something', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it('no file points outside it', () => {
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          file !== THIS_FILE && OUTSIDE.some((pattern) => pattern.test(line))
            ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim().slice(0, 120)}`]
            : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('the legacy service page has every section the code cites', () => {
    const page = readFileSync(join(ROOT, 'docs', 'legacy-service.md'), 'utf8');
    const cited = new Set(
      files.flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/legacy-service(?:\.md)? §(\d+(?:\.\d+)?)/g)].map((match) => match[1]!),
      ),
    );
    expect(cited.size).toBeGreaterThan(5);
    const missing = [...cited].filter(
      (section) => !new RegExp(`^#+ §${section.replace('.', '\\.')}[ –]`, 'm').test(page),
    );
    expect(missing).toEqual([]);
  });
});
