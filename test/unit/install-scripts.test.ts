// A clean `npm ci` is quiet: npm 11.16+ warns of every dependency whose install script package.json's
// allowScripts does not cover (and npm 12 skips those scripts). Each one the lockfile marks is
// reviewed there, and nothing is allowed that no longer needs it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (name: string) => JSON.parse(readFileSync(`${ROOT}${name}`, 'utf8'));

describe('install scripts', () => {
  it('every dependency with an install script is in allowScripts, and only those', () => {
    const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    const allowed = Object.keys((read('package.json') as { allowScripts?: object }).allowScripts ?? {});
    expect(allowed.map((key) => key.replace(/(?<=.)@[^@]*$/, '')).sort()).toEqual([...new Set(withScripts)].sort());
  });
});
