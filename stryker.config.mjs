// StrykerJS over the core modules (issues #19 and #55). 9.6.1, the last line that runs on Node 20.
// `npm run mutate` (scripts/mutate.mjs) runs these files in two parts; `npx stryker run --mutate …`
// one part. Minutes long, so it stays out of `npm test`; reports land in reports/mutation/.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // The transport, config and the answer printer (issue #19), and the contracts every command
  // passes through (issue #55): secrets, the reader and writer, the Exporter and the definitions.
  mutate: [
    'src/api/**/*.ts',
    'src/report.ts',
    'src/config/**/*.ts',
    'src/invoke/answer-printer.ts',
    'src/secrets/**/*.ts',
    'src/io/**/*.ts',
    'src/ui/exporter.ts',
    'src/ui/jq-filter.ts',
    'src/definition/**/*.ts',
    '!src/**/*.test.ts',
  ],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts' },
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // break: a run whose score collapses (as when a module cache handed the runs unmutated code, 1.75%)
  // exits 1 instead of printing a number. The 90% target is `high`, which the contracts' core holds
  // (docs/testing.md).
  thresholds: { high: 90, low: 80, break: 30 },
  concurrency: 2,
  tempDirName: '.stryker-tmp',
};
