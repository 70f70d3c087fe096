// What a runner downloads for `uses: YOUR-ORG/agents-cli@REF`: this repository's files at that ref,
// copied into `into` (the working tree's, so a change to action.yml is tested before its commit).
// `release`: the ref is a release tag, whose tree scripts/release-tree.mjs makes: the built dist/
// (this clone's, built by npm test) and package.json without scripts or dev dependencies.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { releasedPackage } from '../../scripts/released-package.mjs';
import { assertBuilt } from './binary.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function copyAction(into: string, { release }: { release: boolean }): string {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  for (const file of files.split('\0').filter(Boolean)) {
    if (!existsSync(join(ROOT, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(into, file)), { recursive: true });
    cpSync(join(ROOT, file), join(into, file));
  }
  if (release) {
    assertBuilt();
    cpSync(join(ROOT, 'dist'), join(into, 'dist'), { recursive: true });
    const source = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(into, 'package.json'), `${JSON.stringify(releasedPackage(source), null, 2)}\n`);
  }
  return into;
}
