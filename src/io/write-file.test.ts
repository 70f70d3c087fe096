// What a failed write says about the file that was there before, and what an output path the
// user named is refused for, in words, before any request.
import { chmodSync, lstatSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../errors.js';
import {
  appendOutputFile,
  checkOutputPath,
  guardedWrite,
  reason,
  writeFailure,
  writeOutputFile,
  writePrivateFile,
} from './write-file.js';
import { devicesWritable, fullDeviceUsable } from '../../test/helpers/full-device.js';

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

  it('through what was there (a folder given as a file), says it was kept, naming the flag and the path', () => {
    const folder = mkdtempSync(join(tmpdir(), 'agents-write-'));
    const failure = failureOf(() => writeOutputFile(folder, 'x', '--report'));
    expect([failure.exitCode, failure.message, failure.hint]).toEqual([
      8,
      `could not write --report ${folder}: it is a folder`,
      'The previous file was left as it was.',
    ]);
  });

  it("of another writer's (conf's), is exit 8 in words, saying whether the file was there", () => {
    const path = join(mkdtempSync(join(tmpdir(), 'agents-write-')), 'config.json');
    const noSpace = () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    expect(failureOf(() => guardedWrite(path, noSpace))).toEqual(
      expect.objectContaining({
        exitCode: 8,
        message: `could not write ${path}: no space left on device`,
        hint: 'No file was written. Free some space and run it again.',
      }),
    );
    writeFileSync(path, '{}');
    expect(failureOf(() => guardedWrite(path, noSpace)).hint).toBe(
      'The previous file was left as it was. Free some space and run it again.',
    );
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
    symlinkSync(join(folder, 'loop'), join(folder, 'loop')); // a link to itself: no file, and not missing
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
        expect(problem(join(folder, 'loop'))?.message).toMatch(
          new RegExp(`^cannot write --report ${join(folder, 'loop')}: ELOOP: too many symbolic links`),
        );
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

describe('a failure in words', () => {
  const failure = (code: string | undefined, message?: string) =>
    Object.assign(new Error(message), code === undefined ? {} : { code });

  it("says each cause the writer meets in words, else the error's own message", () => {
    const words: Array<[string, string]> = [
      ['ENOSPC', 'no space left on device'],
      ['EDQUOT', 'disk quota exceeded'],
      ['EFBIG', 'the file is too large'],
      ['EIO', 'input/output error'],
      ['EBADF', 'the descriptor is not open for writing'],
      ['EACCES', 'permission denied'],
      ['EPERM', 'operation not permitted'],
      ['EROFS', 'read-only file system'],
      ['EISDIR', 'it is a folder'],
      ['ENOENT', 'no such file or folder'],
      ['ENOTDIR', 'a part of the path is a file, not a folder'],
    ];
    for (const [code, said] of words) expect(reason(failure(code, `${code}: raw words, write`)), code).toBe(said);
    expect(reason(failure('EWHATEVER', 'something else went wrong'))).toBe('something else went wrong');
    expect(reason(failure(undefined, 'no code at all'))).toBe('no code at all');
    expect(reason('a thrown text')).toBe('a thrown text');
  });

  it('is exit 8, and says whether the file that was there is kept and, on a full disk, what to do', () => {
    const full = writeFailure('--report r.json', failure('ENOSPC'), true);
    expect([full.kind, full.exitCode, full.message, full.hint]).toEqual([
      'output',
      8,
      'could not write --report r.json: no space left on device',
      'The previous file was left as it was. Free some space and run it again.',
    ]);
    for (const code of ['EDQUOT', 'EFBIG'])
      expect(writeFailure('x', failure(code), false).hint, code).toBe(
        'No file was written. Free some space and run it again.',
      );
    expect(writeFailure('x', failure('EACCES')).hint).toBe('The previous file was left as it was.');
    expect(writeFailure('x', failure('EIO'), false).hint).toBe('No file was written.');
  });
});

describe('what a write keeps', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'agents-write-keep-'));

  it("makes a new file the user's alone (0600), a shared starter file 0644, and keeps an old file's mode", () => {
    const folder = dir();
    writeOutputFile(join(folder, 'report.json'), '{}', '--report');
    writeOutputFile(join(folder, 'stack.yaml'), 'agents: []\n', 'the starter file', true);
    writeFileSync(join(folder, 'old.json'), 'before', { mode: 0o640 });
    chmodSync(join(folder, 'old.json'), 0o640);
    writeOutputFile(join(folder, 'old.json'), 'after', '--report');
    const mode = (name: string) => statSync(join(folder, name)).mode & 0o777;
    expect([mode('report.json'), mode('stack.yaml'), mode('old.json')]).toEqual([0o600, 0o644, 0o640]);
    expect(readFileSync(join(folder, 'old.json'), 'utf8')).toBe('after');
  });

  it('replaces a regular file whole (a new file renamed over it), and makes a private file 0600', () => {
    const folder = dir();
    const path = join(folder, 'report.json');
    writeFileSync(path, 'before');
    const before = statSync(path).ino;
    writeOutputFile(path, 'after', '--report');
    expect([readFileSync(path, 'utf8'), statSync(path).ino === before]).toEqual(['after', false]);
    writePrivateFile(join(folder, 'state.json'), '{}');
    expect(statSync(join(folder, 'state.json')).mode & 0o777).toBe(0o600);
  });

  it.skipIf(!devicesWritable)('writes through a device, leaving it a device', () => {
    writeOutputFile('/dev/null', 'gone', '--report');
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('writes through a link, leaving it a link', () => {
    const folder = dir();
    writeFileSync(join(folder, 'target.xml'), 'old');
    symlinkSync(join(folder, 'target.xml'), join(folder, 'link.xml'));
    writeOutputFile(join(folder, 'link.xml'), 'new', '--junit');
    expect(lstatSync(join(folder, 'link.xml')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(folder, 'target.xml'), 'utf8')).toBe('new');
  });

  it('appends to a summary, making it when missing', () => {
    const path = join(dir(), 'summary.md');
    appendOutputFile(path, 'one\n', '--summary');
    appendOutputFile(path, 'two\n', '--summary');
    expect([readFileSync(path, 'utf8'), statSync(path).mode & 0o777]).toEqual(['one\ntwo\n', 0o600]);
    const failure = failureOf(() => appendOutputFile(join(dir(), 'no-folder', 's.md'), 'x', '--summary'));
    expect([failure.exitCode, failure.message]).toEqual([
      8,
      expect.stringMatching(/^could not write --summary .*: no such file or folder$/),
    ]);
  });
});
