// `agents help environment` and README's table list the same variables, and they are
// every AGENTS_* variable the code reads.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT } from '../../src/commands/help/help-topics.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Names shaped like variables that are not read from the environment. */
const NOT_VARIABLES = new Set(['AGENTS_PROXY_CLOSED']); // an error code (src/api/network-errors.ts)

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Every AGENTS_* name in src/ and bin/; the AGENTS_KEY_… names are one family. */
function namesInSource(): Set<string> {
  const names = new Set<string>();
  for (const file of [...files(join(ROOT, 'src')), join(ROOT, 'bin', 'agents.js')]) {
    for (const [name] of readFileSync(file, 'utf8').matchAll(/\bAGENTS_[A-Z][A-Z0-9_]*/g)) {
      if (NOT_VARIABLES.has(name)) continue;
      names.add(name.startsWith('AGENTS_KEY_') ? 'AGENTS_KEY_*' : name);
    }
  }
  return names;
}

const split = (cell: string) => cell.split(/,\s*/).map((name) => name.replace(/[`]/g, '').replace(/=.*/, '').trim());
const helpNames = ENVIRONMENT.flatMap(([names]) => split(names));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Environment'), readme.indexOf('Precedence: flag > environment'));
const readmeNames = [...section.matchAll(/^\| (.+?) \| .* \|$/gm)]
  .map((m) => m[1]!)
  .filter((cell) => cell !== 'variable' && !cell.startsWith('---'))
  .flatMap(split);

describe('the environment variables', () => {
  it('help environment lists every AGENTS_* name the code reads, and no other', () => {
    const source = namesInSource();
    expect(source.size).toBeGreaterThan(8);
    expect(helpNames.filter((name) => name.startsWith('AGENTS_')).sort()).toEqual([...source].sort());
  });

  it("README's table is the same list as help environment", () => {
    expect(readmeNames.length).toBeGreaterThan(10);
    expect(readmeNames).toEqual(helpNames);
  });
});
