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
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
