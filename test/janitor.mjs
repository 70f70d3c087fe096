// Cleans up after a test run that was stopped before its end (Ctrl-C, a CI timeout, kill -9), when
// Vitest's own teardown (test/global-temp.ts) never runs. Started detached by that setup, it holds
// a pipe from the run's main process: the pipe's end is the run's end, however it came. A run that
// ends well says "done" first, and the janitor just leaves. Otherwise it kills what the run started
// (the processes of the run's process group started after it, and the groups tests started with
// setsid, registered under the run's root), then removes the root with every temporary folder.
//
// usage: node test/janitor.mjs ROOT MAIN_PID  (stdin: the pipe; AGENTS_TEST_JANITOR_REPORT: a file
// or fifo told "cleaned ROOT" at the end, for the test of this file)
import { appendFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const [root, mainPid] = process.argv.slice(2);
const main = Number(mainPid);
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

// Read now, while the main process lives: after it dies, its children belong to another parent.
const mainStat = statOf(main);
const group = mainStat?.[2];
const mainStart = Number(mainStat?.[19]);
const ancestors = new Set();
for (let pid = Number(mainStat?.[1]); pid > 1 && !ancestors.has(pid); pid = Number(statOf(pid)?.[1]))
  ancestors.add(pid);

/** Processes of the run's group started since the run began, but not those that started the run (npm, a shell). */
function leftInGroup() {
  if (!group) return []; // no /proc (macOS): only the registered groups are found
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      if (pid === process.pid || ancestors.has(pid)) return false;
      const stat = statOf(pid);
      return stat?.[2] === group && Number(stat[19]) >= mainStart;
    });
}

function kill(target) {
  try {
    process.kill(target, 'SIGKILL');
  } catch {
    // gone already
  }
}

function cleanUp() {
  for (const pid of leftInGroup()) kill(pid);
  let registered = [];
  try {
    registered = readdirSync(GROUPS);
  } catch {
    // none started
  }
  for (const pgid of registered) kill(-Number(pgid));
  rmSync(root, { recursive: true, force: true });
}

let said = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (text) => (said += text));
process.stdin.on('end', () => {
  if (!said.includes('done')) cleanUp();
  if (process.env.AGENTS_TEST_JANITOR_REPORT)
    appendFileSync(process.env.AGENTS_TEST_JANITOR_REPORT, `cleaned ${root}\n`);
});
