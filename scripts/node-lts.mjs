#!/usr/bin/env node
// Prints the path of a Node binary of the current LTS, installed from scripts/node-lts/'s lockfile
// (a pinned version, its integrity checked by npm ci). .ci/run tests with it and `npm run bench`
// measures on it: users run the LTS, while this machine's own Node is 20.
// It is installed into a fresh private folder (mkdtemp, 0700) and then moved into the user's cache,
// never into a fixed path under the shared temp folder that another user could have prepared.
import { execFileSync } from 'node:child_process';
import { copyFileSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const manifest = fileURLToPath(new URL('./node-lts/package.json', import.meta.url));
const lockfile = fileURLToPath(new URL('./node-lts/package-lock.json', import.meta.url));
const { optionalDependencies } = JSON.parse(readFileSync(manifest, 'utf8'));
const platformPackage = `node-${process.platform}-${process.arch}`;
const version = optionalDependencies[platformPackage];
if (!version) throw new Error(`no pinned Node LTS for ${process.platform}-${process.arch} in ${manifest}`);

const cacheRoot = join(process.env.XDG_CACHE_HOME || join(process.env.HOME || homedir(), '.cache'), 'agents');
const installed = join(cacheRoot, `node-lts-${version}`);
const binaryIn = (folder) => join(folder, 'node_modules', platformPackage, 'bin', 'node');

/** A folder of this user's that no one else can write: safe to run a binary from. */
function isPrivate(path) {
  try {
    const stats = lstatSync(path);
    return stats.isDirectory() && stats.uid === process.getuid() && (stats.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

if (!isPrivate(installed) || !isPrivate(dirname(binaryIn(installed)))) {
  mkdirSync(cacheRoot, { recursive: true, mode: 0o700 });
  if (!isPrivate(cacheRoot)) throw new Error(`${cacheRoot} is not a private folder of this user`);
  rmSync(installed, { recursive: true, force: true });
  const staging = mkdtempSync(join(cacheRoot, 'node-lts-'));
  copyFileSync(manifest, join(staging, 'package.json'));
  copyFileSync(lockfile, join(staging, 'package-lock.json'));
  execFileSync('npm', ['ci', '--silent', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', staging], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  renameSync(staging, installed);
}

const binary = binaryIn(installed);
const reported = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
if (reported !== `v${version}`) throw new Error(`${binary} is ${reported}, expected v${version}`);
process.stdout.write(`${binary}\n`);
