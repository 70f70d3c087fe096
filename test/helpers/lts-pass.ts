// The installs of the package from outside (the action building from sources, README's install
// from a git tag) are the suite's costliest tests (npm, git, a build: 7 to 14 s of CPU each) and
// depend on npm and git, not on the Node that runs the tests: they run once, in .ci/run's pass on
// the current LTS (AGENTS_TEST_LTS_PASS=1), and skip in `npm test` (docs/testing.md).
export const IN_LTS_PASS = process.env.AGENTS_TEST_LTS_PASS === '1';
