// Every temporary folder of a test run lives under one root, removed when the run ends: tests (and
// the CLI processes they start) make theirs with mkdtemp(tmpdir()), and tmpdir() reads TMPDIR.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'agents-test-run-'));
  // Tests that run the CLI as another user (nobody) make folders that user must reach.
  chmodSync(root, 0o755);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  // The compile cache of the CLI processes (Node 22.1+) too: not the user's ~/.cache/agents.
  const previousCache = process.env.AGENTS_CACHE_DIR;
  process.env.AGENTS_CACHE_DIR = join(root, 'compile-cache');
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (previousCache === undefined) delete process.env.AGENTS_CACHE_DIR;
    else process.env.AGENTS_CACHE_DIR = previousCache;
    rmSync(root, { recursive: true, force: true });
  };
}
