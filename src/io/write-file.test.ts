// What a failed write says about the file that was there before.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../errors.js';
import { writeOutputFile } from './write-file.js';

const failureOf = (write: () => void): CliError => {
  try {
    write();
  } catch (error) {
    return error as CliError;
  }
  throw new Error('the write did not fail');
};

describe('a write that fails', () => {
  it('where no file was, says none was written (not that a previous one was kept)', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'agents-write-')), 'no-such-folder', 'stack.yaml');
    const failure = failureOf(() => writeOutputFile(path, 'agents: []\n', 'the starter file'));
    expect([failure.exitCode, failure.hint]).toEqual([8, 'No file was written.']);
  });

  it.skipIf(process.platform !== 'linux')('over a file that was there, says it was kept', () => {
    const failure = failureOf(() => writeOutputFile('/dev/full', 'x', '--report'));
    expect(failure.hint).toBe('The previous file was left as it was. Free some space and run it again.');
    const path = join(mkdtempSync(join(tmpdir(), 'agents-write-')), 'kept.json');
    writeFileSync(path, 'before');
    writeOutputFile(path, 'after', '--report');
    expect(readFileSync(path, 'utf8')).toBe('after');
  });
});
