// The atomic writer conf uses: on every path it closes what it opened, removes its temp file,
// and throws the error that happened, not one from cleaning up.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync as plainWrite } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileSync } from '../../src/io/write-file.js';

const openDescriptors = () => readdirSync('/proc/self/fd').length;
const dir = () => mkdtempSync(join(tmpdir(), 'agents-atomic-'));

describe.skipIf(process.platform !== 'linux')('atomic writeFileSync', () => {
  it('replaces the file whole, 0600 unless told, and leaves no temp file or open descriptor', () => {
    const folder = dir();
    const file = join(folder, 'config.json');
    plainWrite(file, 'old');
    const before = openDescriptors();
    for (let i = 0; i < 20; i++) writeFileSync(file, `new ${i}`);
    expect(openDescriptors()).toBe(before);
    expect(readFileSync(file, 'utf8')).toBe('new 19');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, 'shared', { mode: 0o644 });
    expect(statSync(join(folder, 'config.json')).mode & 0o777).toBe(0o644);
    expect(readdirSync(folder)).toEqual(['config.json']);
  });

  it('a failed rename keeps the old file, removes the temp file, closes the descriptor and throws the rename error', () => {
    const folder = dir();
    const target = join(folder, 'taken');
    mkdirSync(target);
    plainWrite(join(target, 'inside'), 'x'); // a non-empty folder cannot be renamed over
    const before = openDescriptors();
    for (let i = 0; i < 20; i++) {
      expect(() => writeFileSync(target, 'data')).toThrow(expect.objectContaining({ syscall: 'rename' }));
    }
    expect(openDescriptors()).toBe(before);
    expect(readdirSync(folder)).toEqual(['taken']);
  });

  it('a folder that does not exist throws the open error, not the clean-up one', () => {
    expect(() => writeFileSync(join(dir(), 'missing', 'config.json'), 'data')).toThrow(
      expect.objectContaining({ code: 'ENOENT', syscall: 'open' }),
    );
  });
});
