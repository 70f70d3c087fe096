// Installs the packages a folder of scripts/ pins (its package.json and package-lock.json, each
// package's integrity checked by npm ci) into the user's cache, once: node-lts.mjs (the Node LTS
// that CI tests on) and conformance.mjs (the MCP conformance suite). Into a fresh private folder
// (mkdtemp, 0700) first, then moved into place, never into a fixed path under the shared temp
// folder that another user could have prepared.
import { execFileSync } from 'node:child_process';
import { copyFileSync, lstatSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** A folder of this user's that no one else can write: safe to run a binary from. */
export function isPrivate(path) {
  try {
    const stats = lstatSync(path);
    return stats.isDirectory() && stats.uid === process.getuid() && (stats.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/**
 * The folder `name` in the cache, holding what `pinned` (a folder with package.json and
 * package-lock.json) installs; installed when missing or not private. `ready(folder)` says whether
 * an installed folder is whole (its binary there, say).
 */
export function installPinned(pinned, name, ready) {
  const cacheRoot = join(process.env.XDG_CACHE_HOME || join(process.env.HOME || homedir(), '.cache'), 'agents');
  const installed = join(cacheRoot, name);
  if (isPrivate(installed) && ready(installed)) return installed;
  mkdirSync(cacheRoot, { recursive: true, mode: 0o700 });
  if (!isPrivate(cacheRoot)) throw new Error(`${cacheRoot} is not a private folder of this user`);
  rmSync(installed, { recursive: true, force: true });
  const staging = mkdtempSync(join(cacheRoot, `${name}-`));
  copyFileSync(join(pinned, 'package.json'), join(staging, 'package.json'));
  copyFileSync(join(pinned, 'package-lock.json'), join(staging, 'package-lock.json'));
  execFileSync('npm', ['ci', '--silent', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', staging], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  renameSync(staging, installed);
  return installed;
}
