// Reading the JSON files under the config folder, on its own: shell completion reads them on
// every TAB and must not load the writers (atomic rename, locks, crypto).
import { readFileSync } from 'node:fs';
import { CliError } from '../errors.js';

/**
 * The file's object; {} when it is missing or empty. A file that is not a JSON object is an
 * error naming it, unless onCorrupt is given (a cache): then it is reported there and read as {}.
 */
export function readJsonObject(path: string, onCorrupt?: (reason: string) => void): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CliError('config', `cannot read ${path}: ${(error as Error).message}`);
  }
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
