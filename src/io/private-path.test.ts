// A file that holds secrets or answers, or the folder it sits in, is the user's alone: each way it
// can fail to be, in the words the refusal uses.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { privatePathProblem } from './private-path.js';

const dir = () => mkdtempSync(join(tmpdir(), 'agents-private-'));
const file = (folder: string, name: string, mode: number) => {
  const path = join(folder, name);
  writeFileSync(path, 'x');
  chmodSync(path, mode);
  return path;
};
/** Root can give a file away: the test of another user's file runs only then. */
const canChown = process.getuid?.() === 0;

describe('a private file', () => {
  it('is fine missing, or the user own with no group or other bits', () => {
    const folder = dir();
    expect(privatePathProblem(join(folder, 'missing'), 'file')).toBeUndefined();
    expect(privatePathProblem(file(folder, 'ok', 0o600), 'file')).toBeUndefined();
  });

  it('is refused when others may read or write it, when it is a link, or not a regular file', () => {
    const folder = dir();
    expect(privatePathProblem(file(folder, 'shared', 0o644), 'file')).toBe(
      'can be read or written by others (mode 0644; chmod 600 it)',
    );
    expect(privatePathProblem(file(folder, 'group', 0o620), 'file')).toBe(
      'can be read or written by others (mode 0620; chmod 600 it)',
    );
    symlinkSync(file(folder, 'target', 0o600), join(folder, 'link'));
    expect(privatePathProblem(join(folder, 'link'), 'file')).toBe('is a symbolic link');
    expect(privatePathProblem(folder, 'file')).toBe('is not a regular file');
  });

  it.skipIf(!canChown)("is refused when it is another user's", () => {
    const path = file(dir(), 'theirs', 0o600);
    chownSync(path, 65534, 65534);
    expect(privatePathProblem(path, 'file')).toBe('belongs to another user (uid 65534)');
  });
});

describe('a private folder', () => {
  it('is fine when only the user may write it, and followed when it is their own link', () => {
    const folder = dir();
    const inside = join(folder, 'config');
    mkdirSync(inside, { mode: 0o755 });
    chmodSync(inside, 0o755);
    expect(privatePathProblem(inside, 'folder')).toBeUndefined();
    symlinkSync(inside, join(folder, 'dotfiles'));
    expect(privatePathProblem(join(folder, 'dotfiles'), 'folder')).toBeUndefined();
  });

  it('is refused when others may write it, when its link leads nowhere, or when it is a file', () => {
    const folder = dir();
    const open = join(folder, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    expect(privatePathProblem(open, 'folder')).toBe('can be written by others (mode 0777; chmod 700 it)');
    chmodSync(open, 0o775);
    expect(privatePathProblem(open, 'folder')).toBe('can be written by others (mode 0775; chmod 700 it)');
    symlinkSync(join(folder, 'gone'), join(folder, 'dangling'));
    expect(privatePathProblem(join(folder, 'dangling'), 'folder')).toBe('is a link to nothing');
    expect(privatePathProblem(file(folder, 'a-file', 0o600), 'folder')).toBe('is not a folder');
  });

  it.skipIf(!canChown)("is refused when its link leads to another user's folder", () => {
    const folder = dir();
    const theirs = join(folder, 'theirs');
    mkdirSync(theirs, { mode: 0o700 });
    chownSync(theirs, 65534, 65534);
    symlinkSync(theirs, join(folder, 'mine'));
    expect(privatePathProblem(join(folder, 'mine'), 'folder')).toBe('leads to a folder of another user (uid 65534)');
    expect(privatePathProblem(theirs, 'folder')).toBe('belongs to another user (uid 65534)');
  });
});
