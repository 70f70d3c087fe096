// the documentation read as a newcomer reads it, top to bottom, and run twice.
// README.md, then every page of docs/, then every command's --help examples, each command as
// written, in one shell started in an empty folder (the reader's clone), with `agents` installed on
// PATH, a home of its own and no AGENTS_* variable of the CLI set: the README moves to a scratch
// folder in that home and runs `agents init` there, and every later command has only what init
// wrote; the pages start the emulator and export its address and token themselves. The clone's
// folder must be empty at the end: the docs write nothing where a reader starts. A command must exit 0, or the code its trailing
// `# exit N` comment promises. Then the whole walk runs a second time in the same shell against
// the same emulator, as a reader re-running a page does: nothing documented may depend on running
// once (creates use --if-missing or names, LLMs are never created twice).
//
// What the test does that a reader does not, and why:
// - `npm …` set-up lines are not run: CI runs them (npm ci, npm test; check:pack packs and installs).
// - The `agents` on PATH hands each command to this process, which runs the program the binary
//   runs (helpers/in-process-agents.ts): 460 Node start-ups were most of the suite's time, and
//   the binary's own paths are tested in test/e2e. The emulator and `mcp serve` are the real binary.
// - The one AGENTS_* variable set is AGENTS_EMULATOR_TOKEN_DELAY_MS=0: the reader's emulator
//   streams at once instead of 8 ms a token, which is pace, not anything a page says.
// - The background emulator line (`agents emulator … &`) runs in the first pass only: in the
//   second, the reader's emulator is still running and the pass must use it.
// - A foreground `agents emulator` runs until Ctrl-C: it is started, must print its address, and
//   is stopped with SIGTERM (exit 0). A fixed port already taken on this machine is its
//   documented refusal (exit 2, "is already in use"), taken as what a reader would see.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assertBuilt } from '../helpers/binary.js';
import { startInProcessAgents } from '../helpers/in-process-agents.js';
import { helpExamples } from '../helpers/doc-examples.js';
import { expectedExit, pageSteps, type DocStep } from '../helpers/doc-walk.js';
import { runCli } from '../helpers/run-cli.js';
import { loadSqlite } from '../../src/logs/sqlite.js';
import { commandPaths } from '../helpers/program-commands.js';
import { limit } from '../helpers/limits.js';
import { registerGroup } from '../helpers/process-groups.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NOT_RUN = /^npm /;
const BACKGROUND_EMULATOR = /^agents emulator\b[^#]*&\s*(#.*)?$/;
const FOREGROUND_EMULATOR = /^agents emulator\b/;

/** Every page in reading order: README, then docs/ (alphabetical, as a file list shows them). */
function pages(): DocStep[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort();
  return [
    pageSteps(join(ROOT, 'README.md'), 'README.md'),
    ...docs.map((name) => pageSteps(join(ROOT, 'docs', name), `docs/${name}`)),
  ].flat();
}

/** Every command's --help examples, the program's order. */
async function helpSteps(): Promise<DocStep[]> {
  const paths = commandPaths();
  const steps: DocStep[] = [];
  for (const path of paths) {
    const { stdout } = await runCli([...path, '--help']);
    for (const command of helpExamples(stdout))
      steps.push({ source: ['agents', ...path, '--help'].join(' '), command, expectedExit: expectedExit(command) });
  }
  return steps;
}

/** The script of one step: its output goes to $WALK/<pass>-<index>.log, its exit code to fd 3 as "<code> <pass>-<index>". */
function stepScript(step: DocStep, index: number, pass: number): string {
  const key = `${pass}-${index}`;
  let body = step.command;
  if (BACKGROUND_EMULATOR.test(step.command)) {
    if (pass === 2) return `echo "0 ${key}" >&3`;
  } else if (FOREGROUND_EMULATOR.test(step.command)) {
    const printed = `grep -q -e AGENTS_BASE_URL= -e '"baseUrl"' "$WALK/server.out"`;
    body = [
      // The files go first: a redirection is made by the child, after the loop below may already
      // read them, and pass 1's address there would have the server stopped before it started.
      'rm -f "$WALK/server.out" "$WALK/server.err"',
      `${step.command.replace(/\s#.*$/, '')} >"$WALK/server.out" 2>"$WALK/server.err" & pid=$!`,
      `for i in $(seq 300); do ${printed} && break; kill -0 $pid 2>/dev/null || break; sleep 0.1; done`,
      `if ${printed}; then kill -TERM $pid; wait $pid; code=$?; else kill $pid 2>/dev/null; wait $pid; code=$?; [[ $code == 0 ]] && code=99; fi`,
      `if [[ $code == 2 ]] && grep -q 'is already in use' "$WALK/server.err"; then code=0; fi`,
      'cat "$WALK/server.out" "$WALK/server.err"; (exit $code)',
    ].join('\n');
  }
  return `{\n${body}\n} >"$WALK/${key}.log" 2>&1 </dev/null\necho "$? ${key}" >&3`;
}

interface WalkResult {
  exits: Map<string, number>;
  logs: string;
  timedOut: boolean;
}

function walk(steps: DocStep[], dir: string, env: Record<string, string>): Promise<WalkResult> {
  const script = [
    'set -o pipefail',
    'mkdir -p "$WALK"',
    ...[1, 2].flatMap((pass) => steps.map((step, index) => stepScript(step, index, pass))),
    'kill $(jobs -p) 2>/dev/null; wait',
  ].join('\n');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    registerGroup(child);
    let codes = '';
    let logs = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, limit(400_000));
    child.stdout!.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => (codes += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      // Whatever the pages left running in the background (the reader's emulator) goes with the walk.
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      const exits = new Map<string, number>();
      for (const row of codes.trim().split('\n').filter(Boolean)) {
        const [code, key] = row.split(' ');
        exits.set(key!, Number(code));
      }
      resolve({ exits, logs, timedOut });
    });
  });
}

/**
 * The reader's machine: an empty folder to start in (their clone), `agents` on PATH, a home of its
 * own; no AGENTS_* variable but the emulator's pace. The walk's own logs go beside, not in it.
 */
function readersFolder(agentsBin: string): { dir: string; walk: string; env: Record<string, string> } {
  const machine = mkdtempSync(join(tmpdir(), 'agents-reader-'));
  const dir = join(machine, 'clone');
  const home = join(machine, 'home');
  const walk = join(machine, 'walk');
  for (const folder of [dir, home]) mkdirSync(folder);
  return {
    dir,
    walk,
    env: {
      WALK: walk,
      PATH: `${agentsBin}:${process.env.PATH}`,
      HOME: home,
      TMPDIR: process.env.TMPDIR ?? tmpdir(),
      LANG: 'C.UTF-8',
      AGENTS_EMULATOR_TOKEN_DELAY_MS: '0',
    },
  };
}

describe('the documentation, read top to bottom and run twice', () => {
  it(
    'runs every documented command as written, twice, against one emulator',
    async () => {
      assertBuilt();
      // On a Node without node:sqlite (Node 20), docs/logs.md's loop cannot run: the page says so
      // first, and every `agents logs` elsewhere must say so too (exit 2, one line).
      const noRunLog = loadSqlite() === undefined;
      const steps = [...pages(), ...(await helpSteps())].filter(
        (step) => !NOT_RUN.test(step.command) && !(noRunLog && step.source.startsWith('docs/logs.md')),
      );
      expect(steps.filter((step) => step.source.startsWith('README')).length).toBeGreaterThan(40);
      expect(steps.filter((step) => step.source.includes('--help')).length).toBeGreaterThan(60);
      const agents = await startInProcessAgents();
      const { dir, walk: walkDir, env } = readersFolder(agents.bin);
      const result = await walk(steps, dir, env).finally(() => agents.close());
      expect(agents.answered(), 'commands answered in-process').toBeGreaterThan(steps.length);
      expect(result.timedOut, result.logs).toBe(false);
      const { readFileSync, existsSync } = await import('node:fs');
      const failures: string[] = [];
      for (const pass of [1, 2]) {
        steps.forEach((step, index) => {
          const got = result.exits.get(`${pass}-${index}`);
          if (got === step.expectedExit) return;
          const log = join(walkDir, `${pass}-${index}.log`);
          const output = existsSync(log) ? readFileSync(log, 'utf8').slice(-600) : '(no output)';
          if (noRunLog && output.includes('agents logs needs Node 22.13 or newer')) return;
          failures.push(
            `pass ${pass}, ${step.source}: exit ${got ?? 'none'}, expected ${step.expectedExit}\n$ ${step.command}\n${output}`,
          );
        });
      }
      console.log(
        `documented commands run: ${steps.length} per pass (${steps.length * 2} in all), ${failures.length} failed`,
      );
      expect(failures.join('\n\n')).toBe('');
      // The docs wrote every file in their scratch folder, and nothing where the reader started.
      expect(readdirSync(dir)).toEqual([]);
      expect(readdirSync(join(env.HOME!, 'try-agents'))).toEqual(expect.arrayContaining(['stack.yaml', 'evals.yaml']));
    },
    limit(600_000),
  );
});
