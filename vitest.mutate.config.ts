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
