// No source file is named as test runners and coverage tools name tests (`spec.ts`, `*.spec.ts`, a
// `spec/` folder): Jest's default pattern, coverage reports and code maps would skip or run them.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

it('no file or folder under src/ is named like a test but a test', () => {
  const named = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((path) =>
    path.split('/').some((part, index, parts) => {
      const last = index === parts.length - 1;
      if (!last) return part === 'spec' || part === '__tests__';
      return /(^|\.)spec\.[cm]?[jt]s$/.test(part);
    }),
  );
  expect(named).toEqual([]);
  // The walk sees the command definitions, so an empty list means something.
  expect(readdirSync(SRC, { recursive: true, encoding: 'utf8' })).toContain('commands/invoke/definition.ts');
});
