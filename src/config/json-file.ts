// Reading and writing the private JSON files under the config folder.
// Reads parse the file directly (fast, and errors can name the file); writes go
// through conf, which writes atomically (temp file + rename) with mode 0600.
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../errors.js';
import { writeFileSync as atomicWrite } from './atomic-write.js';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

export function readJsonObject(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CliError('config', `cannot read ${path}: ${(error as Error).message}`);
  }
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw corruptFileError(path, (error as Error).message);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw corruptFileError(path, 'expected a JSON object');
  }
  return value as Record<string, unknown>;
}

export function corruptFileError(path: string, reason: string): CliError {
  return new CliError('config', `${path} is not valid: ${reason}`, {
    hint: 'Fix the file or move it away; agents left it untouched.',
  });
}

/** Creates the folder 0700 (and tightens it if it was looser). */
export function ensurePrivateDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    chmodSync(dir, PRIVATE_DIR_MODE);
  } catch (error) {
    throw new CliError('config', `cannot use the config folder ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
      hint: 'Make it yours and writable, or point AGENTS_CONFIG_DIR at another folder.',
    });
  }
}

/**
 * The user's config goes through conf, the store the project chose for it. Loading conf takes
 * tens of ms, so it is loaded first and the returned writer is called under the file's lock
 * (which the caller took after ensurePrivateDir, so the folder is there).
 */
export async function jsonObjectWriter(dir: string, name: string): Promise<(value: Record<string, unknown>) => Promise<void>> {
  const { default: Conf } = await import('conf');
  return async (value) => {
    const store = new Conf<Record<string, unknown>>({
      cwd: dir,
      configName: name,
      projectName: 'agents',
      configFileMode: PRIVATE_FILE_MODE,
      clearInvalidConfig: false,
    });
    await reportWriteFailure(join(dir, `${name}.json`), () => {
      store.store = value;
    });
  };
}

/**
 * Local state (state.json) is written on every create and invoke, so it skips conf, whose
 * schema validator alone takes ~45 ms to load, and uses the same atomic writer directly.
 * Called under the file's lock, taken after ensurePrivateDir.
 */
export async function writeStateObject(dir: string, name: string, value: Record<string, unknown>): Promise<void> {
  const path = join(dir, `${name}.json`);
  await reportWriteFailure(path, () => atomicWrite(path, JSON.stringify(value, null, '\t'), { mode: PRIVATE_FILE_MODE }));
}

async function reportWriteFailure(path: string, write: () => void): Promise<void> {
  try {
    write();
  } catch (error) {
    throw new CliError('config', `could not write ${path}: ${(error as Error).message}`, {
      hint: 'The previous file was left as it was. Free some disk space and try again.',
    });
  }
  // An existing file keeps its old mode through rename on some systems: make sure.
  chmodSync(path, PRIVATE_FILE_MODE);
}
