// Serialises read-change-write of a file across processes: many `agents` processes share one
// HOME in CI, and without this the later rename silently drops the other's change.
//
// The lock is FILE.lock, created with O_EXCL and holding "<pid> <random token>". It is stale
// when its holder's pid is gone (kill -9) or it is older than `staleMs` (a holder on another
// machine or pid namespace, where the pid means nothing). A stale lock is broken under a second
// lock, FILE.lock.break, so two waiters cannot both break it and one delete the other's new lock.
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { CliError } from '../errors.js';
import { uniqueName } from '../io/unique-name.js';

export interface LockTiming {
  /** How long to wait for another holder before giving up. */
  waitMs: number;
  /** A lock older than this is taken to be left behind. Holders keep it for milliseconds. */
  staleMs: number;
  /** Said once when the wait passes `afterMs`: a long wait must not look like a hang. */
  waitNotice?: { afterMs: number; say: () => void };
  /** The longest pause between two tries (a lock held for minutes need not be polled every 40 ms). */
  maxPollMs?: number;
}

const LOCK_TIMING: LockTiming = { waitMs: 3000, staleMs: 5000 };

interface LockState {
  pid: number | undefined;
  content: string;
  mtimeMs: number;
}

/** Runs `work` holding FILE.lock; throws a CliError of kind 'busy' naming the lock if it cannot be had in time. */
export async function withFileLock<T>(
  file: string,
  work: () => T | Promise<T>,
  timing: LockTiming = LOCK_TIMING,
): Promise<T> {
  const lock = `${file}.lock`;
  const token = `${process.pid} ${uniqueName()}`;
  await acquire(lock, token, timing);
  try {
    return await work();
  } finally {
    // Only our own lock: if it was judged stale and broken meanwhile, the file is someone else's now.
    if (readLock(lock)?.content === token) rmSync(lock, { force: true });
  }
}

/**
 * Waits while the lock changes hands: the wait runs out only when one holder keeps it for
 * waitMs. Fifty processes queueing on a busy two-core machine take longer than that in all,
 * and each of them must get its turn (with a hard cap of ten waits, so nothing waits forever).
 */
async function acquire(lock: string, token: string, timing: LockTiming): Promise<void> {
  const started = Date.now();
  let deadline = started + timing.waitMs;
  let lastHolder: string | undefined;
  let notice = timing.waitNotice;
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(lock, token)) return;
    if (notice && Date.now() - started >= notice.afterMs) {
      notice.say();
      notice = undefined;
    }
    const held = readLock(lock);
    if (held && isStale(held, timing.staleMs) && breakStaleLock(lock, held, timing.staleMs)) continue;
    if (held && held.content !== lastHolder) {
      lastHolder = held.content;
      deadline = Math.min(Date.now() + timing.waitMs, started + 10 * timing.waitMs);
    }
    if (Date.now() >= deadline) {
      throw new CliError(
        'busy',
        `another agents process holds ${lock} (waited ${Math.round((Date.now() - started) / 1000)} s)`,
        {
          hint: 'Try again; if no other agents command is running, remove that file.',
        },
      );
    }
    // Holders keep the lock for a few ms: poll fast at first, then back off, with jitter so waiters spread out.
    await sleep(Math.min(2 + attempt * 3, timing.maxPollMs ?? 40) * (0.5 + Math.random()));
  }
}

/** Creates the lock file if there is none; false if another process holds it. */
function tryCreate(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new CliError('config', `cannot create the lock file ${path}: ${(error as Error).message}`);
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readLock(path: string): LockState | undefined {
  try {
    const content = readFileSync(path, 'utf8');
    const { mtimeMs } = statSync(path);
    const pid = Number(content.split(' ', 1)[0]);
    return { content, mtimeMs, pid: Number.isInteger(pid) && pid > 0 ? pid : undefined };
  } catch {
    return undefined; // released between our attempts: try again
  }
}

function isStale(lock: LockState, staleMs: number): boolean {
  // An empty file is a holder between creating and writing it: only its age can tell.
  return (lock.pid !== undefined && !processExists(lock.pid)) || Date.now() - lock.mtimeMs > staleMs;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

/** Removes the stale lock if it is still the one judged stale; one breaker at a time. */
function breakStaleLock(lock: string, judged: LockState, staleMs: number): boolean {
  const breaker = `${lock}.break`;
  if (!tryCreate(breaker, String(process.pid))) {
    const other = readLock(breaker);
    if (other && isStale(other, staleMs)) rmSync(breaker, { force: true });
    return false;
  }
  try {
    const now = readLock(lock);
    if (now?.content === judged.content && now.mtimeMs === judged.mtimeMs) rmSync(lock, { force: true });
    return true;
  } finally {
    rmSync(breaker, { force: true });
  }
}
