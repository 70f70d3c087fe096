// A test run stopped before its end (kill -9 of Vitest, as a CI timeout may; Ctrl-C) leaves no
// process and no temporary folder behind: test/janitor.mjs, started by the suite's global setup,
// cleans up when the run's main process is gone without its teardown.
import { execFileSync, spawn } from 'node:child_process';
import { constants, createReadStream, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { untilText } from '../helpers/until.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/stopped-run/', import.meta.url));
const VITEST = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));

interface Held {
  pids: number[];
  folder: string;
  root: string;
}

/** Alive, and not a zombie waiting for a parent to reap it. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Starts the fixture run in a process group of its own, stops it with `stop` once it holds its processes. */
async function stoppedRun(
  stop: (run: ReturnType<typeof spawn>) => void,
  env: Record<string, string> = {},
): Promise<{ held: Held; report: string; heldEnded: Promise<unknown> }> {
  const dir = mkdtempSync(join(tmpdir(), 'agents-stopped-run-'));
  const [ready, report, heldFifo] = [join(dir, 'ready'), join(dir, 'report'), join(dir, 'held')];
  execFileSync('mkfifo', [ready, report, heldFifo]);
  const run = spawn(process.execPath, [VITEST, 'run', '--config', 'vitest.config.ts'], {
    cwd: FIXTURE,
    env: {
      ...process.env,
      TMPDIR: dir,
      READY_FIFO: ready,
      HELD_FIFO: heldFifo,
      AGENTS_TEST_JANITOR_REPORT: report,
      ...env,
    },
    detached: true,
    stdio: 'ignore',
  });
  const held = JSON.parse(await readFile(ready, 'utf8')) as Held;
  // Ends when every process the run holds has ended (they hold the fifo's other end).
  const holders = (await open(heldFifo, 'r')).createReadStream();
  const heldEnded = once(holders.resume(), 'end');
  expect(held.pids.every(alive)).toBe(true);
  expect(existsSync(held.folder)).toBe(true);
  // The janitor says so once it has cleaned up (a fifo: this waits for it, not for a clock). Opened
  // before the run is stopped, and for writing too (so its end is not read as the janitor's): the
  // janitor writes only to a fifo someone reads.
  const reader = createReadStream('', { fd: openSync(report, constants.O_RDWR) });
  const reported = untilText(reader, '\n');
  stop(run);
  const said = await reported;
  reader.destroy();
  return { held, report: said, heldEnded };
}

it.skipIf(process.platform !== 'linux')('kill -9 of the run leaves no process and no folder behind', async () => {
  const { held, report } = await stoppedRun((run) => run.kill('SIGKILL'));
  expect(report).toBe(`cleaned ${held.root}\n`);
  expect(held.pids.filter(alive)).toEqual([]);
  expect(existsSync(held.root)).toBe(false);
});

it.skipIf(process.platform !== 'linux')('Ctrl-C to the run leaves no process and no folder behind', async () => {
  const { held, heldEnded } = await stoppedRun((run) => process.kill(-run.pid!, 'SIGINT'));
  // A signal is delivered, not acted on, when kill returns, and after a run that ended well the
  // janitor waits for none of its group: wait for the processes to end (one left behind would keep
  // the fifo open, a hang the test's limit catches).
  await heldEnded;
  expect(held.pids.filter(alive)).toEqual([]);
  expect(existsSync(held.root)).toBe(false);
});

it.skipIf(process.platform !== 'linux')(
  "in a mutation run, the run's group is left alone (Stryker's other test runners share it); registered groups and the root go",
  async () => {
    const { held, report } = await stoppedRun((run) => run.kill('SIGKILL'), { AGENTS_MUTATION_RUN: '1' });
    const [inGroup, registered] = held.pids as [number, number];
    try {
      expect(report).toBe(`cleaned ${held.root}\n`);
      expect([alive(inGroup), alive(registered)]).toEqual([true, false]);
      expect(existsSync(held.root)).toBe(false);
    } finally {
      process.kill(inGroup, 'SIGKILL');
    }
  },
);
