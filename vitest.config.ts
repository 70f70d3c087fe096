import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Tests spawn the built CLI and servers; two cores are all CI has.
    maxWorkers: 2,
  },
});
