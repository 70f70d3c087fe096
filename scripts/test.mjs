// `npm test`: the lint (scripts/lint.mjs) beside the build and then every tier of the tests. The
// tests keep two cores busy but not always (they wait on servers, terminals, a browser); the lint,
// at the lowest priority, takes what they leave, so together they end sooner than one after the
// other without slowing a test (docs/testing.md has the times). The tests' output streams as it
// comes; the lint's is printed whole after it, and either failing fails the run. Arguments go to
// vitest (`npm test -- test/e2e`).
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';

const node = process.execPath;
const children = new Set();

function start(args, stdio) {
  const child = spawn(node, args, { stdio });
  children.add(child);
  const ended = new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  void ended.then(() => children.delete(child));
  return { child, ended };
}

// A stop (Ctrl-C reaches the whole group; a CI's TERM may reach this process alone) stops all.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exitCode = 130;
  });
}

/** Whether the CPUs spent at least half a core on niced work (the lint's) over the next second. */
async function nicedWorkRuns() {
  const niced = () => cpus().reduce((sum, cpu) => sum + cpu.times.nice, 0);
  const before = niced();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return niced() - before >= 500;
}

let lintOutput = '';
const startLint = (...args) => {
  lintOutput = '';
  const lint = start(['scripts/lint.mjs', ...args], ['ignore', 'pipe', 'pipe']);
  lint.child.stdout.on('data', (chunk) => (lintOutput += chunk));
  lint.child.stderr.on('data', (chunk) => (lintOutput += chunk));
  return lint;
};
let lint = startLint('--low-priority');
let linted;
void lint.ended.then((code) => (linted = code));

const built = await start(['scripts/build.mjs'], 'inherit').ended;
// Four workers, not vitest.config.ts's six: beside the lint, six kept the cores so busy that the lint
// ended last (76–78 s here, against 74 s).
const given = process.argv.slice(2);
const workers = given.some((arg) => arg.startsWith('--maxWorkers')) ? [] : ['--maxWorkers=4'];
const vitest = ['node_modules/vitest/vitest.mjs', 'run', ...workers, ...given];
const tested = built === 0 ? await start(vitest, 'inherit').ended : 1;
// On a busy machine the lowest priority gets almost nothing once the tests are done (other work at
// the normal one takes the cores), and a process cannot take its priority back: when niced work got
// less than half a core in the second after the tests, the lint starts again at the normal
// priority, which is what running it after the tests would have cost. On a quiet machine it has the
// cores to itself by then and is left to finish.
if (linted === undefined && process.exitCode === undefined && !(await nicedWorkRuns()) && linted === undefined) {
  process.stderr.write('npm test: the lint had not finished beside the tests (a busy machine): running it now\n');
  lint.child.kill('SIGTERM');
  await lint.ended;
  lint = startLint();
  linted = await lint.ended;
}
linted ??= await lint.ended;
process.stderr.write(`\n${lintOutput.trimEnd()}\n`);
if (built !== 0) process.stderr.write('npm test: the build failed, so no test ran\n');
process.exitCode ||= linted || built || tested;
