// What a failed write says about the file that was there before, and what an output path the
// user named is refused for, in words, before any request.
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../errors.js';
import { checkOutputPath, writeOutputFile } from './write-file.js';
import { fullDeviceUsable } from '../../test/helpers/full-device.js';

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

  it.skipIf(!fullDeviceUsable)('over a file that was there, says it was kept', () => {
    const failure = failureOf(() => writeOutputFile('/dev/full', 'x', '--report'));
    expect(failure.hint).toBe('The previous file was left as it was. Free some space and run it again.');
    const path = join(mkdtempSync(join(tmpdir(), 'agents-write-')), 'kept.json');
    writeFileSync(path, 'before');
    writeOutputFile(path, 'after', '--report');
    expect(readFileSync(path, 'utf8')).toBe('after');
  });
});

describe('an output path checked before any request', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'agents-output-path-'));
  const problem = (path: string) => {
    try {
      checkOutputPath(path, '--report');
      return undefined;
    } catch (error) {
      const failure = error as CliError;
      return { message: failure.message, hint: failure.hint, exitCode: failure.exitCode };
    }
  };

  it('takes a new file in a folder that is there, and a file it may write', () => {
    const folder = dir();
    expect(problem(join(folder, 'new.json'))).toBeUndefined();
    writeFileSync(join(folder, 'old.json'), '{}');
    expect(problem(join(folder, 'old.json'))).toBeUndefined();
  });

  it('says in words what is wrong, exit 2, with a file name to give for a folder', () => {
    const folder = dir();
    writeFileSync(join(folder, 'a-file'), '');
    symlinkSync(join(folder, 'gone'), join(folder, 'dangling'));
    const socketPath = join(folder, 'socket');
    const server = createServer();
    return new Promise<void>((resolve) =>
      server.listen(socketPath, () => {
        const cases: Array<[string, string]> = [
          ['', 'no path given'],
          ['-', 'it names no file (stdout is where output goes without the flag; ./- is a file named -)'],
          [join(folder, 'a-file', 'x.json'), 'a part of the path is a file, not a folder'],
          [join(folder, 'dangling'), 'it is a link to a file that is not there'],
          [join(folder, 'missing', 'x.json'), `the folder ${join(folder, 'missing')} does not exist`],
          [socketPath, 'it is a socket'],
          [folder, 'it is a folder'],
        ];
        for (const [path, said] of cases)
          expect(problem(path), path).toEqual({
            message: `cannot write --report ${path}: ${said}`,
            hint: said === 'it is a folder' ? `Give a file name in it: ${join(folder, 'NAME')}.` : undefined,
            exitCode: 2,
          });
        server.close();
        resolve();
      }),
    );
  });
});
