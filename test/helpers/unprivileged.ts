// Runs the built CLI as an ordinary user. Tests of file modes mean nothing as root, who
// writes through any mode, and CI runs as root: there the CLI runs as nobody (setpriv), from
// a copy of bin/ and dist/ that nobody can read (dist/ needs no node_modules).
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertBuilt, BIN, spawnCollecting, type BinaryResult } from './binary.js';

const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

/** Whether a test can make a folder that belongs to someone other than the CLI's user. */
export const canUseAnotherUsersFolder = isRoot;

/** The uid the CLI runs as in runAsUser. */
export const cliUid = isRoot ? NOBODY : (process.getuid?.() ?? 0);

let copiedBin: string | undefined;
function binForUser(): string {
  if (!isRoot) return BIN;
  if (copiedBin) return copiedBin;
  assertBuilt();
  const root = mkdtempSync(join(tmpdir(), 'agents-bin-'));
  chmodSync(root, 0o755);
  for (const part of ['bin', 'dist', 'completions', 'package.json'])
    cpSync(fileURLToPath(new URL(`../../${part}`, import.meta.url)), join(root, part), { recursive: true });
  spawnSync('chmod', ['-R', 'a+rX', root]);
  copiedBin = join(root, 'bin', 'agents.js');
  return copiedBin;
}

/** The dist/main.js that runAsUser's CLI runs (a copy, where the suite is root). */
export const programForUser = (): string => join(dirname(dirname(binForUser())), 'dist', 'main.js');

/** A temp folder any user can enter, for config folders with chosen owners and modes. */
export function openTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agents-modes-'));
  chmodSync(dir, 0o755);
  return dir;
}

let copiedNode: string | undefined;
/**
 * The Node binary the CLI's user can run: this one, or (when it sits in a folder only root may
 * enter, as the pinned LTS in root's cache does) a copy in a folder anyone can enter.
 */
function nodeForUser(): string {
  if (!isRoot) return process.execPath;
  if (copiedNode) return copiedNode;
  // Every folder on the way must let others through (x), and the binary must be theirs to run.
  let reachable = (statSync(process.execPath).mode & 0o005) === 0o005;
  for (let dir = dirname(process.execPath); reachable && dir !== dirname(dir); dir = dirname(dir))
    reachable = (statSync(dir).mode & 0o001) !== 0;
  if (reachable) return (copiedNode = process.execPath);
  const dir = openTempDir();
  copiedNode = join(dir, 'node');
  cpSync(process.execPath, copiedNode);
  chmodSync(copiedNode, 0o755);
  return copiedNode;
}

export function runAsUser(
  args: string[],
  options: { env?: Record<string, string>; input?: string } = {},
): Promise<BinaryResult> {
  const bin = binForUser();
  const env = { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...options.env };
  if (!isRoot) return spawnCollecting(process.execPath, [bin, ...args], env, options.input);
  return spawnCollecting(
    'setpriv',
    [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', nodeForUser(), bin, ...args],
    env,
    options.input,
  );
}

/** A fresh, empty home folder that belongs to the CLI's user, as on a new account. */
export function freshHome(): string {
  const home = mkdtempSync(join(tmpdir(), 'agents-home-'));
  if (isRoot) chownSync(home, NOBODY, NOBODY);
  return home;
}

/** A folder to put on PATH in which `agents` runs the built CLI, usable by the CLI's user. */
export function agentsOnPathForUser(): string {
  const dir = openTempDir();
  writeFileSync(join(dir, 'agents'), `#!/bin/sh\nexec "${nodeForUser()}" "${binForUser()}" "$@"\n`);
  chmodSync(join(dir, 'agents'), 0o755);
  return dir;
}

/** Runs a program (a shell, say) as the CLI's user. */
export function spawnAsUser(command: string, args: string[], env: Record<string, string>): Promise<BinaryResult> {
  if (!isRoot) return spawnCollecting(command, args, env);
  return spawnCollecting(
    'setpriv',
    [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', command, ...args],
    env,
  );
}
