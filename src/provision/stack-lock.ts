// One apply of a stack at a time against one service, on this machine: two runs that plan at
// once both see no record and both create it. The second waits for the first, then plans and
// finds the first's records. Runs on other machines need the workflow's `concurrency:` group.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { ensurePrivateDir } from '../config/json-file.js';
import { withFileLock } from '../config/file-lock.js';

/** After this long waiting, say why nothing happens. */
const STACK_WAIT_NOTICE_MS = 2000;
/** An apply can take minutes; past this the waiter gives up (exit 1, naming the lock). */
const STACK_WAIT_MS = 15 * 60 * 1000;

export interface StackLockPlace {
  configDir: string;
  baseUrl: string;
  /** The -f values as given ('-' is stdin: every stdin apply to one service shares a lock). */
  files: readonly string[];
  /** --suffix: each isolated copy of a stack has its own lock (two pull requests run at once). */
  suffix: string | undefined;
  /** Says the waiting line (stderr, on a terminal or not). */
  say: (line: string) => void;
}

/** The file whose `.lock` is held: one per service address, set of stack files and suffix. */
export function stackLockBase(place: Omit<StackLockPlace, 'say'>): string {
  const stack = place.files.map((file) => (file === '-' ? '-' : resolve(file))).sort();
  const key = createHash('sha256')
    .update(JSON.stringify([place.baseUrl, stack, ...(place.suffix ? [place.suffix] : [])]))
    .digest('hex')
    .slice(0, 20);
  return resolve(place.configDir, `apply-${key}`);
}

export function withStackLock<T>(place: StackLockPlace, work: () => Promise<T>): Promise<T> {
  ensurePrivateDir(place.configDir);
  return withFileLock(stackLockBase(place), work, {
    waitMs: STACK_WAIT_MS,
    // Held for as long as the apply runs: only a holder that is gone (its pid) leaves it stale.
    staleMs: Infinity,
    maxPollMs: 250,
    waitNotice: {
      afterMs: STACK_WAIT_NOTICE_MS,
      say: () =>
        place.say(
          `waiting for another agents apply or destroy of ${place.files.join(', ')}${place.suffix ? ` (suffix ${place.suffix})` : ''} against ${place.baseUrl} to finish…`,
        ),
    },
  });
}
