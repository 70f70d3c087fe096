// Reading and writing the private JSON files under the config folder.
// Reads parse the file directly (fast, and errors can name the file); writes go
// through conf, which writes atomically (temp file + rename) with mode 0600.
// Modes are only ever narrowed: a folder or file the user made read-only stays so.
import { accessSync, chmodSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CliError } from '../errors.js';
import { guardedWrite, writePrivateFile } from '../io/write-file.js';
import { importConf } from '../util/esm-vendor.js';

const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

/**
 * Creates the folder 0700, or takes group and other bits off one of the user's own. It never
 * adds a bit: a folder made read-only stays read-only, and the write that follows reports it.
 */
export function ensurePrivateDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const { mode, uid } = statSync(dir);
    if ((mode & 0o077) !== 0 && uid === process.getuid?.()) chmodSync(dir, mode & 0o700);
  } catch (error) {
    throw new CliError(
      'config',
      `cannot use the config folder ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      {
        hint: 'Make it yours and writable, or point AGENTS_CONFIG_DIR at another folder.',
      },
    );
  }
}

/**
 * The user's config goes through conf, the store the project chose for it. Loading conf takes
 * tens of ms, so it is loaded first and the returned writer is called under the file's lock
 * (which the caller took after ensurePrivateDir, so the folder is there).
 */
export async function jsonObjectWriter(
  dir: string,
  name: string,
): Promise<(value: Record<string, unknown>) => Promise<void>> {
  const { default: Conf } = await importConf();
  return (value) => {
    const store = new Conf<Record<string, unknown>>({
      cwd: dir,
      configName: name,
      projectName: 'agents',
      configFileMode: PRIVATE_FILE_MODE,
      clearInvalidConfig: false,
      // conf reads the file before it writes it: a Windows editor's byte-order mark is no JSON.
      deserialize: (text: string) => JSON.parse(text.replace(/^\ufeff/, '')) as Record<string, unknown>,
    });
    return settle(() =>
      guardedWrite(join(dir, `${name}.json`), () => {
        store.store = value;
      }),
    );
  };
}

/**
 * Local state (state.json) is written on every create and invoke, so it skips conf, whose
 * schema validator alone takes ~45 ms to load, and uses the same atomic writer directly.
 * Called under the file's lock, taken after ensurePrivateDir.
 */
export function writeStateObject(dir: string, name: string, value: Record<string, unknown>): Promise<void> {
  return settle(() => writePrivateFile(join(dir, `${name}.json`), JSON.stringify(value, null, '\t')));
}

/** The write, done now; its failure as a rejected promise (callers await it under a lock). */
function settle(write: () => void): Promise<void> {
  return new Promise((resolve) => {
    write();
    resolve();
  });
}

/**
 * A file or folder without the owner's write bit was made read-only on purpose; the atomic
 * rename could replace it anyway (and root could write through it), so refuse before the lock.
 */
export function assertWritable(path: string): void {
  const dir = dirname(path);
  for (const [target, what] of [
    [dir, 'its folder is'],
    [path, 'it is'],
  ] as const) {
    let mode: number;
    try {
      mode = statSync(target).mode;
    } catch {
      continue; // a file not there yet is created 0600
    }
    let problem = (mode & 0o200) === 0 ? 'read-only' : undefined;
    try {
      accessSync(target, constants.W_OK);
    } catch {
      problem ??= 'not writable by this user';
    }
    if (problem) {
      throw new CliError('config', `cannot write ${path}: ${what} ${problem}`, {
        hint: `Nothing was changed. Make ${target === path ? 'it' : 'the folder'} writable, or point AGENTS_CONFIG_DIR at another folder.`,
      });
    }
  }
}
