// `npm run mutate`: StrykerJS over stryker.config.mjs's files, in two runs, static mutants left out
// (module-level tables, which every test would run again for: with them the whole did not finish in
// two hours). The Exporter and the definitions are reached by every command's test, hundreds for
// each mutant, so they run against the tests named for them (AGENTS_MUTATE_TESTS, read by
// vitest.mutate.config.ts): a score that can only be lower than the whole fast tier's. Everything
// else runs against the whole fast tier. Each run's report is kept as reports/mutation/<run>.json
// and .html; a run under the break threshold (a broken run, not weak tests) fails this script.
// Arguments go to both runs (`npm run mutate -- --concurrency 4`).
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync } from 'node:fs';
import config from '../stryker.config.mjs';

const NAMED = ['src/ui/exporter.ts', 'src/definition/**/*.ts'];
const NAMED_TESTS = [
  'src/definition/**/*.test.ts',
  'src/ui/**/*.test.ts',
  'test/unit/*.test.ts',
  'test/commands/*.test.ts',
  'test/failures/*.test.ts',
  'src/commands/lazy-specs.test.ts',
  'test/docs/*.test.ts',
  'test/completion/*.test.ts',
];
const EXCLUDED = config.mutate.filter((glob) => glob.startsWith('!'));
const RUNS = [
  { name: 'fast-tier', files: config.mutate.filter((glob) => !glob.startsWith('!') && !NAMED.includes(glob)) },
  { name: 'named-tests', files: NAMED, env: { AGENTS_MUTATE_TESTS: NAMED_TESTS.join(',') } },
];

let failed = false;
for (const run of RUNS) {
  process.stderr.write(`\nmutate: ${run.name}: ${run.files.join(' ')}\n`);
  const stryker = spawnSync(
    'npx',
    ['stryker', 'run', '--ignoreStatic', '--mutate', [...run.files, ...EXCLUDED].join(','), ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, ...run.env } },
  );
  if (stryker.status !== 0) failed = true;
  for (const [written, kind] of [
    ['mutation.json', 'json'],
    ['index.html', 'html'],
  ]) {
    const path = `reports/mutation/${written}`;
    if (existsSync(path)) renameSync(path, `reports/mutation/${run.name}.${kind}`);
  }
}
process.exitCode = failed ? 1 : 0;
