import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { limit } from './test/helpers/limits.js';

// Files that replace a module of the CLI (vi.mock) get a module graph of their own; every other
// file shares its worker's, which halves the suite's CPU (each file no longer loads the whole CLI
// again). What the CLI keeps per process, the secrets it scrubs, is forgotten before each file
// (test/forget-secrets.ts), as a fresh process would.
export const OWN_MODULES = ['test/resources/agent-descriptor.test.ts'];

// As in the build: conf writes through our atomic writer (see src/io/write-file.ts).
const resolve = { alias: { atomically: fileURLToPath(new URL('./src/io/write-file.ts', import.meta.url)) } };
// Limits for hangs only, scaled by AGENTS_TEST_TIME_SCALE (test/helpers/limits.ts).
export const IN_PROJECT = {
  server: { deps: { inline: ['conf'] } },
  testTimeout: limit(20_000),
  hookTimeout: limit(20_000),
};

// Two tiers (docs/testing.md). `fast`: the program in this process (runCli, its modules, loopback
// servers), `npm run test:fast`. `e2e` (files named *.e2e.test.ts): the built binary, a terminal, a
// browser, npm, the docs' workflows. test/unit/test-tiers.test.ts keeps each file in its tier.
export const E2E = '**/*.e2e.test.ts';
export const EVERY_TEST = ['test/**/*.test.ts', 'src/**/*.test.ts'];
const shared = { ...IN_PROJECT, isolate: false, setupFiles: ['test/forget-secrets.ts'] };
// Fast files that read node:sqlite (the run log): Node 20 has none and skips them, so .ci/run's
// pass on the current LTS runs them with the e2e tier (docs/testing.md).
export const RUN_LOG = [
  'src/logs/record.test.ts',
  'test/reliability/secrets.test.ts',
  'test/security/private-files.test.ts',
];

export default defineConfig({
  resolve,
  test: {
    // Transformed modules kept on disk (node_modules/.vitest-cache, keyed on each file's content):
    // six workers and later runs reuse them instead of transforming the CLI again.
    experimental: { fsModuleCache: true },
    // One temporary root per run, removed at its end (test/global-temp.ts).
    globalSetup: ['test/global-temp.ts', 'test/global-env.ts'],
    // Many files wait more than they compute (servers, timers, terminals): six at once keep CI's two
    // cores busy (with modules shared: 53 s with four, 46–50 s with six, 48 s with eight).
    maxWorkers: 6,
    // Not `extends: true`: that would run the global setup once more for each project, each making
    // its own temporary root inside the last.
    projects: [
      { resolve, test: { ...shared, name: 'fast', include: EVERY_TEST, exclude: [E2E, ...OWN_MODULES, ...RUN_LOG] } },
      { resolve, test: { ...shared, name: 'fast:own-modules', include: OWN_MODULES, isolate: true } },
      { resolve, test: { ...shared, name: 'fast:run-log', include: RUN_LOG } },
      // In the project's own folders only: a copy of the tree elsewhere in it (a mutation run's sandbox
      // left by a stopped run) is not this project's tests.
      {
        resolve,
        test: { ...shared, name: 'e2e', include: EVERY_TEST.map((glob) => glob.replace('*.test.ts', '*.e2e.test.ts')) },
      },
    ],
  },
});
