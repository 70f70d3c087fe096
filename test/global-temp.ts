// Every temporary folder of a test run lives under one root, removed when the run ends: tests (and
// the CLI processes they start) make theirs with mkdtemp(tmpdir()), and tmpdir() reads TMPDIR.
// The janitor started here (test/janitor.mjs) removes it, at the end of the run or when the run is
// stopped before (Ctrl-C, a CI timeout), with the processes the run left.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, chmodSync, constants, mkdtempSync, readFileSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const JANITOR = fileURLToPath(new URL('./janitor.mjs', import.meta.url));

/**
 * Where the run's root goes: a memory file system when the machine has one with room (Linux's
 * /dev/shm), else the system's temporary folder. The suite writes and syncs thousands of small
 * files and installs the CLI's dependencies once (the action's test): on a disk that was 20 s of
 * the run's 170 s of CPU. 4 GiB of room, because a container's /dev/shm is often 64 MiB.
 */
function tempBase(): string {
  const memory = '/dev/shm';
  try {
    accessSync(memory, constants.W_OK);
    const { bavail, bsize } = statfsSync(memory);
    if (bavail * bsize >= 4 * 1024 ** 3) return memory;
  } catch {
    // no such file system here
  }
  return tmpdir();
}

/**
 * This process's parent, group and start time (Linux's /proc; none elsewhere), for the janitor: read
 * here, by the run's main process, because the janitor may start only after a kill -9 of it.
 */
function mainProcess(): string[] {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [fields[1]!, fields[2]!, fields[19]!];
  } catch {
    return [];
  }
}

export default function setup(): () => Promise<void> {
  const root = mkdtempSync(join(tempBase(), 'agents-test-run-'));
  // Tests that run the CLI as another user (nobody) make folders that user must reach.
  chmodSync(root, 0o755);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  // The compile cache of the CLI processes (Node 22.1+) too: not the user's ~/.cache/agents.
  const previousCache = process.env.AGENTS_CACHE_DIR;
  process.env.AGENTS_CACHE_DIR = join(root, 'compile-cache');
  // Detached, so a Ctrl-C to the run's group does not stop it too; the pipe to it is not waited on.
  const janitor = spawn(process.execPath, [JANITOR, root, ...mainProcess()], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  janitor.unref();
  (janitor.stdin as unknown as { unref(): void }).unref();
  return async () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (previousCache === undefined) delete process.env.AGENTS_CACHE_DIR;
    else process.env.AGENTS_CACHE_DIR = previousCache;
    // The janitor removes the root, once what tests left running in groups of their own has ended.
    if (janitor.exitCode !== null || janitor.signalCode !== null)
      throw new Error(`the test run's janitor ended early: ${root} is left`);
    janitor.ref();
    const exited = once(janitor, 'exit');
    janitor.stdin.end('done\n');
    await exited;
  };
}
