// Cleans up after a test run, also one stopped before its end (Ctrl-C, a CI timeout, kill -9) whose
// Vitest teardown never runs. Started detached by the global setup (test/global-temp.ts), it holds
// a pipe from the run's main process: the pipe's end is the run's end, however it came. It kills the
// groups tests started with setsid (registered under the run's root), waits until they have ended,
// and removes the root with every temporary folder. A run that ends well says "done" first (and
// waits for this); otherwise the processes of the run's own group started after it go too, except
// in a mutation run (AGENTS_MUTATION_RUN=1): Stryker's test runners share one group, and restarts
// one after a timeout while the others run; sweeping the group would kill them (the run crashed).
//
// usage: node test/janitor.mjs ROOT [PARENT_PID GROUP START]  (the run's main process's parent, group
// and start time from its /proc/self/stat: read by the main process, because this one may start
// only after a kill -9 of it; stdin: the pipe; AGENTS_TEST_JANITOR_REPORT: a file or fifo told
// "cleaned ROOT" at the end, for the test of this file)
import { closeSync, constants, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const [root, parentPid, group, mainStart] = process.argv.slice(2);
const GROUPS = join(root, '.process-groups');

/** /proc/PID/stat's fields after the command name: [state, ppid, pgrp, …, starttime at index 19]. */
function statOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

// What started the run (npm, a shell): never swept, though it may share the run's group.
const ancestors = new Set();
for (let pid = Number(parentPid); pid > 1 && !ancestors.has(pid); pid = Number(statOf(pid)?.[1])) ancestors.add(pid);

/** Whether the process is still running (a zombie is not: only its parent's wait is left). */
const running = (pid) => ![undefined, 'Z', 'X'].includes(statOf(pid)?.[0]);

/**
 * What the run left: the processes of its group started since it began (not those that started the
 * run, npm or a shell), and those of the groups tests registered.
 */
function leftBehind(sweepGroup) {
  let registered = [];
  try {
    registered = readdirSync(GROUPS);
  } catch {
    // none was started
  }
  if (!group) return { pids: [], registered }; // no /proc (macOS): only the registered groups are found
  const pids = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      if (pid === process.pid || ancestors.has(pid)) return false;
      const stat = statOf(pid);
      if (!stat) return false;
      return (sweepGroup && stat[2] === group && Number(stat[19]) >= Number(mainStart)) || registered.includes(stat[2]);
    });
  return { pids, registered };
}

function kill(target) {
  try {
    process.kill(target, 'SIGKILL');
  } catch {
    // gone already
  }
}

/** Kills what the run left and waits until it has ended (a kill is delivered, not done, when it returns). */
async function cleanUp(sweepGroup) {
  const { pids, registered } = leftBehind(sweepGroup);
  for (const pgid of registered) kill(-Number(pgid));
  for (const pid of pids) kill(pid);
  // A killed process ends in moments; on a loaded machine one was seen still running after 5 s. The
  // limit only stops a janitor waiting for ever on one that cannot end (a hang).
  for (let waited = 0; pids.some(running) && waited < 60_000; waited += 10) await sleep(10);
  rmSync(root, { recursive: true, force: true });
}

/**
 * Tells the test of this file (a fifo it reads), without waiting for it: a test stopped with the
 * run it stopped reads nothing, and a blocking open would keep this process for ever.
 */
function report(path, text) {
  try {
    const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_NONBLOCK);
    writeSync(fd, text);
    closeSync(fd);
  } catch {
    // no reader
  }
}

let said = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (text) => (said += text));
process.stdin.on('end', async () => {
  // After a run that ended well, its group is left alone: its workers may still be exiting.
  await cleanUp(!said.includes('done') && process.env.AGENTS_MUTATION_RUN !== '1');
  if (process.env.AGENTS_TEST_JANITOR_REPORT) report(process.env.AGENTS_TEST_JANITOR_REPORT, `cleaned ${root}\n`);
});
