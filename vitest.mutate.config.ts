// The tests `npm run mutate` runs against each mutant: the fast tier, whose tests run the program in
// this process and so see the mutated source. The e2e tier runs dist/, which Stryker does not
// mutate, so it is left out.
import { defineConfig } from 'vitest/config';
import base, { E2E, EVERY_TEST, IN_PROJECT } from './vitest.config.js';

// The global setup's janitor reads it too (it sweeps no group in a mutation run: test/janitor.mjs).
process.env.AGENTS_MUTATION_RUN = '1';

// AGENTS_MUTATE_TESTS (globs, comma-separated): a part measured against the tests named instead of
// the whole fast tier, for the parts every command's test reaches (the Exporter, the definitions),
// where a mutant runs hundreds of them: its score is then a lower bound (docs/testing.md).
const NAMED_TESTS = process.env.AGENTS_MUTATE_TESTS?.split(',').filter(Boolean);

// Spread, not mergeConfig: that would add these to the base's include list instead of replacing it.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // Off: the on-disk module cache is keyed on the files Vitest reads, so it handed every mutant's
    // run the unmutated modules (src/api/retry.ts: 1.75% killed with it, 98% without).
    experimental: { ...base.test?.experimental, fsModuleCache: false },
    ...IN_PROJECT,
    // One list, each file in a module graph of its own (the default): no projects.
    projects: undefined,
    // The fast tier (docs/testing.md): every test of the program in this process.
    include: NAMED_TESTS ?? EVERY_TEST,
    exclude: [E2E],
    // Tests that write to /dev/full or /dev/null skip: mutants run as root renamed files over them.
    env: { AGENTS_MUTATION_RUN: '1' },
  },
});
