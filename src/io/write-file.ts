// The one writer of every file the CLI writes: --report, --junit, export -o, config and state.
// A regular file, or a path not there yet, is written whole and atomically: a temp file beside it,
// fsync, rename, so a full disk leaves the old file as it was. A device, a FIFO or a symbolic link
// is written through, never replaced (`--junit /dev/stdout` in a CI container, a link the user
// keeps). A path given for output is checked before any request (exit 2); a write that fails
// after that is exit 8, "could not write the output", whichever command wrote it.
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  lstatSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { writeFileSync as writeAll } from 'node:fs';
import type { Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { CliError } from '../errors.js';
import { uniqueName } from './unique-name.js';

/**
 * Writes `data` to `filePath` atomically, or leaves the old file untouched. The signature of the
 * `atomically` package, which conf writes config.json with (aliased to this in the build): its own
 * ignores short writes and would rename a truncated file over the user's config on a full disk.
 */
export function writeFileSync(filePath: string, data: string | Uint8Array, options: { mode?: number } = {}): void {
  const temp = `${filePath}.${uniqueName()}.tmp`;
  try {
    const fd = openSync(temp, 'wx', options.mode ?? 0o600);
    try {
      writeAll(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, filePath);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** What lies at a path: nothing yet, a regular file, or something written through. */
type Kind = 'new' | 'file' | 'through';

/**
 * Why `path` cannot take an output, in words, or nothing: a missing folder, a folder given as a
 * file, a path under a regular file, a folder where a file should be, no permission. Exit 2, said
 * before any request is sent, so a long eval never ends in a report it cannot write.
 */
export function checkOutputPath(path: string, what: string): void {
  const problem = outputProblem(path);
  if (!problem) return;
  const hint = problem === 'it is a folder' ? `Give a file name in it: ${join(path, 'NAME')}.` : undefined;
  throw new CliError('usage', `cannot write ${what} ${path}: ${problem}`, { hint });
}

function outputProblem(path: string): string | undefined {
  if (path === '') return 'no path given';
  // A file named "-" is never what was meant: stdout is where the command prints without the flag.
  if (path === '-') return 'it names no file (stdout is where output goes without the flag; ./- is a file named -)';
  let stats: Stats;
  try {
    stats = statSync(path); // through a link: its target is what is written
  } catch (error) {
    // ENOTDIR (a part of the path is a file) and the rest are said by reason().
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return reason(error);
    if (isLink(path)) return 'it is a link to a file that is not there';
    return folderProblem(dirname(path));
  }
  if (stats.isDirectory()) return 'it is a folder';
  if (stats.isSocket()) return 'it is a socket';
  try {
    accessSync(path, constants.W_OK);
  } catch {
    return 'it is not writable';
  }
  return undefined;
}

function folderProblem(folder: string): string | undefined {
  try {
    statSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return `the folder ${folder} does not exist`;
    return reason(error);
  }
  // A file here would have made the path's own stat fail with ENOTDIR (outputProblem): a folder.
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    return `the folder ${folder} is not writable`;
  }
  return undefined;
}

function kindOf(path: string): Kind {
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch {
    return 'new';
  }
  if (!stats.isFile()) return 'through'; // a link, a device, a FIFO
  try {
    accessSync(dirname(path), constants.W_OK);
    return 'file';
  } catch {
    return 'through'; // a writable file in a folder that is not: written in place
  }
}

/**
 * An output the user named (`what`: the flag, e.g. --report): written atomically when it is a
 * regular file or new, through otherwise. A new file is the user's alone (0600: reports, exports
 * and summaries hold answers and names), unless `shared` (a starter file, 0644); an existing file
 * keeps its mode. A failure is exit 8.
 */
export function writeOutputFile(path: string, data: string | Uint8Array, what: string, shared = false): void {
  const kind = kindOf(path);
  try {
    if (kind === 'through') return writeThrough(path, data);
    const mode = kind === 'file' ? lstatSync(path).mode & 0o7777 : shared ? 0o644 : 0o600;
    writeFileSync(path, data, { mode });
  } catch (error) {
    throw writeFailure(`${what} ${path}`, error, kind !== 'new');
  }
}

/**
 * Text added at the end of `path` (a job summary, which the CI runner collects): the file is made
 * when missing. A write that fails part-way is cut back to what was there, so a full disk leaves
 * the summary as the earlier steps wrote it. A failure is exit 8.
 */
export function appendOutputFile(path: string, data: string, what: string): void {
  try {
    const fd = openSync(path, 'a', 0o600); // made the user's alone when missing, as writeOutputFile
    try {
      const before = fstatSync(fd);
      try {
        writeAll(fd, data);
      } catch (error) {
        if (before.isFile()) ftruncateSync(fd, before.size);
        throw error;
      }
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw writeFailure(`${what} ${path}`, error);
  }
}

/** A private file of the config folder (0600, the writer's default; atomic). Links there are refused when read, before any write. */
export function writePrivateFile(path: string, data: string): void {
  guardedWrite(path, () => writeFileSync(path, data));
}

/** A write of `path` done by `write` (conf's, say), its failure exit 8 in words. */
export function guardedWrite(path: string, write: () => void): void {
  const existed = existsSync(path);
  try {
    write();
  } catch (error) {
    throw writeFailure(path, error, existed);
  }
}

function writeThrough(path: string, data: string | Uint8Array): void {
  const fd = openSync(path, 'w');
  try {
    writeAll(fd, data);
  } finally {
    closeSync(fd);
  }
}

/** A write that failed once begun: exit 8. A regular file that was there is left as it was (and said so only then). */
export function writeFailure(where: string, error: unknown, existed = true): CliError {
  const kept = existed ? 'The previous file was left as it was.' : 'No file was written.';
  return new CliError('output', `could not write ${where}: ${reason(error)}`, {
    hint: isFull(error) ? `${kept} Free some space and run it again.` : kept,
  });
}

const isFull = (error: unknown) => ['ENOSPC', 'EDQUOT', 'EFBIG'].includes((error as NodeJS.ErrnoException).code ?? '');

const isLink = (path: string) => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
};

/** An error's cause in words: "no space left on device", not "ENOSPC: no space left on device, write". */
export function reason(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  const words: Record<string, string> = {
    ENOSPC: 'no space left on device',
    EDQUOT: 'disk quota exceeded',
    EFBIG: 'the file is too large',
    EIO: 'input/output error',
    EBADF: 'the descriptor is not open for writing',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    EISDIR: 'it is a folder',
    ENOENT: 'no such file or folder',
    ENOTDIR: 'a part of the path is a file, not a folder',
  };
  return (code && words[code]) ?? message ?? String(error);
}
