import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // As in the build: conf writes through our atomic writer (see src/config/atomic-write.ts).
  resolve: { alias: { atomically: fileURLToPath(new URL('./src/config/atomic-write.ts', import.meta.url)) } },
  test: {
    server: { deps: { inline: ['conf'] } },
    // Layered tests live in test/; a command's own tests live beside it in src/commands/<name>/.
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // One temporary root per run, removed at its end (test/global-temp.ts).
    globalSetup: ['test/global-temp.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Most files wait more than they compute (servers, timers, terminals): four at once keep CI's
    // two cores busy (a run took 129 s with two, 72 s with four; see the #31 note).
    maxWorkers: 4,
  },
});
