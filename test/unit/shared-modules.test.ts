// Test files share their worker's modules (vitest.config.ts), so a file that replaces a module of
// the CLI with vi.mock would replace it for the files that run after it in that worker too. Such a
// file must be listed in OWN_MODULES, which gives it a module graph of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { OWN_MODULES } from '../../vitest.config.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? testFiles(join(dir, entry.name))
      : entry.name.endsWith('.test.ts')
        ? [relative(ROOT, join(dir, entry.name))]
        : [],
  );
}

it('every test file that mocks a module has a module graph of its own', () => {
  const mocking = [...testFiles(join(ROOT, 'test')), ...testFiles(join(ROOT, 'src'))]
    .filter((file) => /\bvi\s*\.\s*(mock|doMock|hoisted)\s*\(/.test(readFileSync(join(ROOT, file), 'utf8')))
    .sort();
  expect(mocking.length).toBeGreaterThan(0);
  expect(mocking).toEqual([...OWN_MODULES].sort());
});
