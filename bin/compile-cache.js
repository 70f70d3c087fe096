// The folder where compiled code is kept between runs: the program's code cache (code-cache.js)
// and, on Node 22.1+, Node's compile cache for the other files (module.enableCompileCache). Code
// read from that folder runs inside the CLI, with its token, so the folder is used only when no one
// else can change what is in it, checked on every run: it is the user's, writable by no one else,
// and every folder and link on the way to it belongs to the user or root, and is writable by no one
// else unless sticky (as /tmp is).
'use strict';
const { lstatSync, mkdirSync, realpathSync, statSync } = require('node:fs');
const { dirname, resolve, sep } = require('node:path');

/**
 * The cache folder's real path when it can be trusted, with Node's compile cache turned on in it
 * where Node has one; otherwise undefined, and `say` gets why (for --debug).
 */
function trustedCacheFolder(env, say) {
  const dir = compileCacheDir(env);
  if (!dir) return undefined;
  const trusted = trustedFolder(dir);
  if (trusted.reason) {
    say(`compile cache off: ${trusted.reason}`);
    return undefined;
  }
  const { enableCompileCache } = require('node:module');
  try {
    // The real path: Node then reaches the folder through folders no one else can swap.
    if (typeof enableCompileCache === 'function') enableCompileCache(trusted.dir);
  } catch {
    // a cache that cannot be written only costs speed
  }
  return trusted.dir;
}

/**
 * The user's cache folder, never the config folder: commands that only read config leave it as it
 * was. Without a home folder there is none, and the current folder is not ours to write in.
 */
function compileCacheDir(env) {
  if (env.AGENTS_CACHE_DIR) return env.AGENTS_CACHE_DIR;
  const home = env.HOME || env.USERPROFILE;
  const base =
    process.platform === 'win32'
      ? env.LOCALAPPDATA || (home && `${home}\\AppData\\Local`)
      : process.platform === 'darwin'
        ? home && `${home}/Library/Caches`
        : env.XDG_CACHE_HOME || (home && `${home}/.cache`);
  if (!base) return undefined;
  return process.platform === 'win32' ? `${base}\\agents\\cache` : `${base}/agents`;
}

/** `{ dir }`, the folder's real path, when only the user (or root) can change it; else `{ reason }`. */
function trustedFolder(dir) {
  if (typeof process.getuid !== 'function') return { dir }; // Windows: no owners and modes of this kind
  const uid = process.getuid();
  const path = resolve(dir);
  try {
    mkdirSync(path, { recursive: true, mode: 0o700 });
  } catch (error) {
    return { reason: `cannot make ${path} (${error.code || error.message})` };
  }
  const owner = (stats) => stats.uid === uid || stats.uid === 0;
  try {
    // Every link on the way as given: one that another user owns could point anywhere later.
    for (let at = path; ; at = dirname(at)) {
      const stats = lstatSync(at);
      if (stats.isSymbolicLink() && !owner(stats))
        return { reason: `${at} is a link owned by another user (uid ${stats.uid})` };
      if (dirname(at) === at) break;
    }
    const real = realpathSync(path);
    const folder = statSync(real);
    if (!folder.isDirectory()) return { reason: `${real} is not a folder` };
    if (folder.uid !== uid) return { reason: `${real} belongs to another user (uid ${folder.uid})` };
    if ((folder.mode & 0o022) !== 0)
      return { reason: `${real} can be written by others (mode ${(folder.mode & 0o777).toString(8)})` };
    // Every folder above the real one: whoever can write there could put another folder in its place.
    for (let at = dirname(real); ; at = dirname(at)) {
      const stats = statSync(at);
      if (!owner(stats)) return { reason: `${at} belongs to another user (uid ${stats.uid})` };
      if ((stats.mode & 0o022) !== 0 && (stats.mode & 0o1000) === 0)
        return { reason: `${at} can be written by others (mode ${(stats.mode & 0o777).toString(8)})` };
      if (dirname(at) === at || at === sep) break;
    }
    return { dir: real };
  } catch (error) {
    return { reason: `cannot check ${path} (${error.code || error.message})` };
  }
}

module.exports = { trustedCacheFolder };
