// Each test file is in the tier its name says (docs/testing.md): a file that starts the built
// program, a terminal, a browser or a docs workflow, itself or through a helper, is named
// *.e2e.test.ts; every other file runs in `npm run test:fast`, so none may hide in the slow tier.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { RUN_LOG } from '../../vitest.config.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What only a test of the built program or of a real terminal or browser mentions. */
const STARTS_A_PROCESS = [
  /(?<![\w-]\/)\bdist\//, // this project's dist/, not a package's (ajv/dist/2020.js)
  /\bbin\/agents/,
  /\.build\//,
  /process\.execPath/,
  /pty-driver\.py/,
  /playwright-core/,
  /\bspawn\('(bash|npm)'/,
];

const source = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The repository's files that a file imports by a relative path. */
function localImports(path: string): string[] {
  const found = [...source(path).matchAll(/from '(\.\.?\/[^']+)'/g)].map((match) => match[1]!);
  return found.map((spec) => relative(ROOT, resolve(dirname(join(ROOT, path)), spec.replace(/\.js$/, '.ts'))));
}

/** Whether a file, or a test helper it imports (at any depth), starts the program, a terminal or a browser. */
function startsAProcess(path: string, seen = new Set<string>()): boolean {
  if (seen.has(path)) return false;
  seen.add(path);
  let text: string;
  try {
    text = source(path);
  } catch {
    return false; // an .mjs helper, or a source module named by its .js
  }
  if (STARTS_A_PROCESS.some((pattern) => pattern.test(text))) return true;
  return localImports(path)
    .filter((each) => each.startsWith('test/helpers/'))
    .some((each) => startsAProcess(each, seen));
}

function testFiles(): string[] {
  return ['test', 'src'].flatMap((top) =>
    readdirSync(join(ROOT, top), { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.test.ts'))
      .map((path) => join(top, path)),
  );
}

it('a file that starts the program, a terminal or a browser is named *.e2e.test.ts, and only such a file', () => {
  const files = testFiles().filter((path) => path !== 'test/unit/test-tiers.test.ts'); // it names the patterns
  const misplaced = files.filter((path) => startsAProcess(path) !== path.endsWith('.e2e.test.ts'));
  expect(misplaced).toEqual([]);
  // Both tiers are there, so an empty list means something.
  expect(files.filter((path) => path.endsWith('.e2e.test.ts')).length).toBeGreaterThan(40);
  expect(files.filter((path) => !path.endsWith('.e2e.test.ts')).length).toBeGreaterThan(90);
});

it('the helpers that start a process are seen through the imports', () => {
  expect(startsAProcess('test/helpers/binary.ts')).toBe(true);
  expect(startsAProcess('test/helpers/mcp.ts')).toBe(true); // imports binary.ts
  expect(startsAProcess('test/helpers/workflow.ts')).toBe(true);
  expect(startsAProcess('test/helpers/run-cli.ts')).toBe(false);
});

it("a package's own dist/ folder in an import is not the built program", () => {
  const pattern = STARTS_A_PROCESS[0]!;
  expect(["import { Ajv2020 } from 'ajv/dist/2020.js';", 'a/b-c/dist/x'].map((line) => pattern.test(line))).toEqual([
    false,
    false,
  ]);
  expect(
    ["new URL('../../dist/main.js', import.meta.url)", "const PROGRAM = 'dist/main.js';", '// dist/ holds'].map(
      (line) => pattern.test(line),
    ),
  ).toEqual([true, true, true]);
});

it('the fast files that read node:sqlite are the ones .ci/run also runs on the current LTS (RUN_LOG)', () => {
  const fast = testFiles().filter((path) => !path.endsWith('.e2e.test.ts') && path !== 'test/unit/test-tiers.test.ts');
  const reading = fast.filter((path) => /logs\/sqlite\.js|node:sqlite/.test(source(path)));
  expect(reading.sort()).toEqual([...RUN_LOG].sort());
});
