// Every temporary folder of a test run lives under one root, removed when the run ends: tests (and
// the CLI processes they start) make theirs with mkdtemp(tmpdir()), and tmpdir() reads TMPDIR.
// A run stopped before its end (Ctrl-C, a CI timeout) never gets here: a janitor started now
// (test/janitor.mjs) then stops what the run started and removes the root.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { killRegisteredGroups } from './helpers/process-groups.js';

const JANITOR = fileURLToPath(new URL('./janitor.mjs', import.meta.url));

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'agents-test-run-'));
  // Tests that run the CLI as another user (nobody) make folders that user must reach.
  chmodSync(root, 0o755);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  // The compile cache of the CLI processes (Node 22.1+) too: not the user's ~/.cache/agents.
  const previousCache = process.env.AGENTS_CACHE_DIR;
  process.env.AGENTS_CACHE_DIR = join(root, 'compile-cache');
  // Detached, so a Ctrl-C to the run's group does not stop it too; the pipe to it is not waited on.
  const janitor = spawn(process.execPath, [JANITOR, root, String(process.pid)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  janitor.unref();
  (janitor.stdin as unknown as { unref(): void }).unref();
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (previousCache === undefined) delete process.env.AGENTS_CACHE_DIR;
    else process.env.AGENTS_CACHE_DIR = previousCache;
    killRegisteredGroups(root);
    rmSync(root, { recursive: true, force: true });
    janitor.stdin.end('done\n');
  };
}
