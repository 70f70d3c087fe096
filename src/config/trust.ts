// Whether the config folder and its files can be trusted, as ssh asks of ~/.ssh: one that another
// user owns, or that group or others may write, could have been changed to send the user's token
// elsewhere. Such a path is still used (refusing would lock a user out of their own setup), with a
// warning naming it, once per run.
import { lstatSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/** The config folder's paths that someone else could have changed, each with why. */
export function untrustedConfigPaths(dir: string, files: readonly string[] = ['config.json', 'state.json']): string[] {
  const uid = process.getuid?.();
  if (uid === undefined) return []; // Windows: no owners and modes of this kind
  const problems: string[] = [];
  for (const path of [dir, ...files.map((name) => join(dir, name))]) {
    let stats: Stats;
    try {
      // A folder that is a link is the user's choice (dotfiles): its target is checked. A file that
      // is one is never read (json-read.ts), so there is nothing to trust.
      stats = path === dir ? statSync(path) : lstatSync(path);
    } catch {
      continue;
    }
    if (stats.isSymbolicLink()) continue;
    if (stats.uid !== uid && stats.uid !== 0) problems.push(`${path} belongs to another user (uid ${stats.uid})`);
    else if ((stats.mode & 0o022) !== 0)
      problems.push(`${path} can be written by ${(stats.mode & 0o002) !== 0 ? 'every user' : 'its group'}`);
  }
  return problems;
}
