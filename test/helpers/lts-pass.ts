// Tests whose subject is not the Node that runs them: the package's installs from outside (the
// action built from sources, README's install from a git tag), the docs' GitHub workflows run as
// written (docs/ci.md's and docs/eval.md's: the docs' YAML, the action's steps, npm, bash) and the
// eval report's page in Chromium. They are the suite's costliest (npm, git, a browser, dozens of
// CLI starts: 3 to 14 s of CPU each), so they run once, in .ci/run's pass on the current LTS
// (AGENTS_TEST_LTS_PASS=1), which is also the Node a runner has, and skip in `npm test`
// (docs/testing.md). The built CLI on the oldest Node is the rest of the e2e tier's.
export const IN_LTS_PASS = process.env.AGENTS_TEST_LTS_PASS === '1';
