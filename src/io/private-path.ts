// Whether a file that holds secrets or answers (the run log, a bearer token file) is the user's
// alone: another user who could plant it, read it or write it would read every answer or token
// written there, or hand the CLI a token of their choosing. As ssh asks of ~/.ssh, but refused.
import { lstatSync, statSync, type Stats } from 'node:fs';

/**
 * What is wrong with `path` as a private file (owned by this user, a regular file, no group or
 * other bits) or folder (owned by this user, writable by no one else), or undefined when it is
 * fine or missing. A file that is a link is a problem of its own; a folder's link of the user's own
 * is followed.
 */
export function privatePathProblem(path: string, kind: 'file' | 'folder'): string | undefined {
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch {
    return undefined; // missing: the caller makes it, private
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) return `belongs to another user (uid ${stats.uid})`;
  if (stats.isSymbolicLink()) {
    // A folder that is the user's own link is their choice (dotfiles, as config/trust.ts): its target is checked.
    if (kind === 'file') return 'is a symbolic link';
    try {
      stats = statSync(path);
    } catch {
      return 'is a link to nothing';
    }
    if (uid !== undefined && stats.uid !== uid) return `leads to a folder of another user (uid ${stats.uid})`;
  }
  const mode = (stats.mode & 0o777).toString(8).padStart(4, '0');
  if (kind === 'file') {
    if (!stats.isFile()) return 'is not a regular file';
    if (uid !== undefined && (stats.mode & 0o077) !== 0)
      return `can be read or written by others (mode ${mode}; chmod 600 it)`;
  } else {
    if (!stats.isDirectory()) return 'is not a folder';
    if (uid !== undefined && (stats.mode & 0o022) !== 0) return `can be written by others (mode ${mode}; chmod 700 it)`;
  }
  return undefined;
}
