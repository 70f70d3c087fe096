// Tests of what the package does outside this clone, on a runner: its installs (the action built
// from sources, README's install from a git tag) and the docs' GitHub workflows run as written
// (docs/ci.md's and docs/eval.md's). They are the suite's costliest (npm, git, bash and dozens of
// CLI starts: 3 to 14 s of CPU each) and what they test is the docs' YAML, the action's steps,
// npm and git, not the Node that runs the tests: they run once, in .ci/run's pass on the current
// LTS (AGENTS_TEST_LTS_PASS=1), which is also the Node a runner has, and skip in `npm test`
// (docs/testing.md). The built CLI on the oldest Node is the rest of the e2e tier's.
export const IN_LTS_PASS = process.env.AGENTS_TEST_LTS_PASS === '1';
