// A process a test starts in a group of its own (detached: setsid, so that the test can stop it with
// everything it started) is out of the run's process group: it is registered under the run's root,
// and the run's end stops it even when the test never got to (test/janitor.mjs).
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FOLDER = '.process-groups';

/** Registers a detached child's group until it exits. */
export function registerGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  const folder = join(tmpdir(), FOLDER);
  mkdirSync(folder, { recursive: true });
  const entry = join(folder, String(child.pid));
  writeFileSync(entry, '');
  child.once('exit', () => rmSync(entry, { force: true }));
}
