// Stands in for the `atomically` package inside conf (aliased in scripts/build.mjs and
// vitest.config.ts). atomically's writeFileSync ignores short writes, so on a full disk
// (or past `ulimit -f`) it renames a truncated temp file over the user's config. This one
// writes everything (fs.writeFileSync loops and throws), fsyncs, then renames, or leaves
// the old file untouched.
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync as writeAll } from 'node:fs';
import { uniqueName } from './unique-name.js';

export function writeFileSync(filePath: string, data: string | Uint8Array, options: { mode?: number } = {}): void {
  const temp = `${filePath}.${uniqueName()}.tmp`;
  try {
    const fd = openSync(temp, 'wx', options.mode ?? 0o600);
    try {
      writeAll(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, filePath);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
