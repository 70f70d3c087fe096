// `npm run lint`: the type check with ESLint (type-checked rules) on the same program
// (scripts/lint-typed.mjs), Prettier, knip (unused files, exports, dependencies) and dpdm (import
// cycles), all at once: each is one process, so together they take about as long as the first
// alone. Any failure fails the whole, and each one's output is printed whole, under its name,
// once it has finished.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { PRETTIER_TARGETS } from './lint-targets.mjs';

// Prettier keeps what it learnt in .build/ (ignored by git), keyed on the files' content, so a
// second run checks only what changed: a fresh clone (CI) checks everything. The type check and
// ESLint keep nothing: type-checked rules read other files' types, which a per-file cache would not
// see change, and tsc's incremental cache saves less than sharing its program with ESLint does.
const tool = (name) => `node_modules/.bin/${name}`;
const CHECKS = [
  ['types and eslint', process.execPath, ['scripts/lint-typed.mjs']],
  [
    'prettier',
    tool('prettier'),
    [
      '--check',
      '--log-level',
      'warn',
      '--cache',
      '--cache-strategy',
      'content',
      '--cache-location',
      '.build/prettier-cache',
      ...PRETTIER_TARGETS,
    ],
  ],
  ['knip', tool('knip'), []],
  ['cycles', tool('dpdm'), ['--no-tree', '--no-warning', '--no-progress', '--exit-code', 'circular:1', 'src/**/*.ts']],
];

// `--low-priority` (npm test, scripts/test.mjs): these checks and the tools they start take only the
// CPU the tests leave.
if (process.argv.includes('--low-priority')) setPriority(19);

// Stopped (scripts/test.mjs stops a lint the tests outran on a busy machine), the tools stop too.
const tools = new Set();
process.on('SIGTERM', () => {
  for (const tool of tools) tool.kill('SIGTERM');
  process.exit(143);
});

const run = ([name, command, args]) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    tools.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, code: 1, output: error.message }));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output }));
  });

const results = await Promise.all(CHECKS.map(run));
for (const { name, code, output } of results) {
  if (code !== 0) process.stderr.write(`${name}: failed (exit ${code})\n${output.trimEnd()}\n\n`);
}
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
process.stderr.write(
  failed.length ? `lint: ${failed.join(', ')} failed\n` : `lint: ${CHECKS.map(([name]) => name).join(', ')} passed\n`,
);
process.exitCode = failed.length ? 1 : 0;
