// Reading the JSON files under the config folder, on its own: shell completion reads them on
// every TAB and must not load the writers (atomic rename, locks, crypto).
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { MAX_INPUT_BYTES } from '../io/limits.js';
import { CliError } from '../errors.js';

/**
 * The file's text, never through a symbolic link: whoever can plant a link in the config folder
 * must not choose which file holds the user's token or settings (as ssh refuses to).
 */
function readNoFollow(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    // The cap of every input: a device or a huge file in the config folder is refused, not read
    // (a folder in a file's place fails below with EISDIR, the message users know).
    const stats = fstatSync(fd);
    if (!stats.isFile() && !stats.isDirectory()) throw new Error('not a regular file');
    if (stats.size > MAX_INPUT_BYTES) throw new Error(`larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB`);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The file's object; {} when it is missing or empty. A file that is not a JSON object is an
 * error naming it, unless onCorrupt is given (a cache): then it is reported there and read as {}.
 */
export function readJsonObject(path: string, onCorrupt?: (reason: string) => void): Record<string, unknown> {
  let text: string;
  try {
    text = readNoFollow(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return {};
    if (code === 'ELOOP') {
      throw new CliError('config', `${path} is a symbolic link; agents does not follow links in its config folder`, {
        hint: 'Put the file itself there (or point AGENTS_CONFIG_DIR at the folder that holds it).',
      });
    }
    throw new CliError('config', `cannot read ${path}: ${(error as Error).message}`);
  }
  // A byte-order mark is how Windows editors start a UTF-8 file: it is not part of the JSON.
  if (text.startsWith('\ufeff')) text = text.slice(1);
  if (text.trim() === '') return {};
  let value: unknown;
  let problem: string | undefined;
  try {
    value = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) problem = 'expected a JSON object';
  } catch (error) {
    problem = (error as Error).message;
  }
  if (problem === undefined) return value as Record<string, unknown>;
  if (!onCorrupt) throw corruptFileError(path, problem);
  onCorrupt(problem);
  return {};
}

export function corruptFileError(path: string, reason: string): CliError {
  return new CliError('config', `${path} is not valid: ${reason}`, {
    hint: 'Fix the file or move it away; agents left it untouched.',
  });
}
