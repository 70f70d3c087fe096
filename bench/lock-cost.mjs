// What the config/state lock adds to each command that writes state (create, invoke, chat, get):
// the uncontended lock alone, and a whole state.json update (lock, read, write, fsync, rename),
// timed in-process from the sources bundled by esbuild. Prints one JSON line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const out = mkdtempSync(join(tmpdir(), 'agents-bench-lock-'));
await build({
  stdin: {
    contents:
      "export { withFileLock } from './src/config/file-lock.ts'; export { StateStore } from './src/config/state.ts';",
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: join(out, 'lock.mjs'),
  logLevel: 'error',
});
const { withFileLock, StateStore } = await import(pathToFileURL(join(out, 'lock.mjs')).href);

async function medianMs(operation) {
  const samples = [];
  for (let i = 0; i < RUNS + 20; i++) {
    const start = process.hrtime.bigint();
    await operation(i);
    if (i >= 20) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
}

const dir = join(out, 'config');
const state = new StateStore(dir);
await state.rememberAgent('warm-up', {});
const lockMs = await medianMs(() => withFileLock(join(dir, 'state.json'), () => {}));
const stateWriteMs = await medianMs((i) => state.rememberAgent(`agent-${i % 50}`, { lastSession: `s-${i}` }));
rmSync(out, { recursive: true, force: true });
console.log(JSON.stringify({ runs: RUNS, lockMs, stateWriteMs }));
