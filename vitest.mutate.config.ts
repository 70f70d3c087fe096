// The tests `npm run mutate` runs against each mutant: the in-process layers (unit, transport,
// command and invoke tests), which see the mutated source. Tests of the built binary or a pty see
// dist/, which Stryker does not mutate, so they are left out.
import { defineConfig } from 'vitest/config';
import base, { IN_PROJECT } from './vitest.config.js';

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
    include: [
      'test/unit/**/*.test.ts',
      'test/transport/**/*.test.ts',
      'test/commands/**/*.test.ts',
      'test/invoke/**/*.test.ts',
      'test/config/atomic-write.test.ts',
      'test/failures/service-errors.test.ts',
    ],
  },
});
