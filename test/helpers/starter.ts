// The starter files `agents init` writes, in a folder of a test's own: what the docs and the help
// examples use, so tests use them too.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STARTER_EVALS, STARTER_STACK } from '../../src/init/starter-files.js';

export interface StarterFolder {
  dir: string;
  stack: string;
  evals: string;
}

export function starterFolder(): StarterFolder {
  const dir = mkdtempSync(join(tmpdir(), 'agents-starter-'));
  const stack = join(dir, 'stack.yaml');
  const evals = join(dir, 'evals.yaml');
  writeFileSync(stack, STARTER_STACK);
  writeFileSync(evals, STARTER_EVALS);
  return { dir, stack, evals };
}
