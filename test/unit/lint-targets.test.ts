// `npm run lint` checks the project's own files, every one of them, and nothing a reader of the docs
// or a tool left in the clone (an untracked schema.json, ci.key).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script, without types
import { ESLINT_TARGETS, PRETTIER_TARGETS } from '../../scripts/lint-targets.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const covered = (targets: string[], file: string) =>
  targets.some((target) => file === target || file.startsWith(`${target}/`));

describe('what lint checks', () => {
  it('covers every tracked source and settings file', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n');
    const code = tracked.filter((file) => /\.(ts|js|mjs|cjs)$/.test(file));
    expect(code.filter((file) => !covered(ESLINT_TARGETS as string[], file))).toEqual([]);
    const settings = tracked.filter((file) => /^[^/]+\.json$/.test(file) && file !== 'package-lock.json');
    expect(settings.filter((file) => !covered(PRETTIER_TARGETS as string[], file))).toEqual([]);
  });

  it('names no folder that holds what the docs write, and not the whole clone', () => {
    for (const targets of [ESLINT_TARGETS, PRETTIER_TARGETS] as string[][]) {
      expect(targets).not.toContain('.');
      for (const stray of ['schema.json', 'ci.key', 'report.xml', 'stack.yaml'])
        expect(covered(targets, stray), stray).toBe(false);
    }
  });
});
