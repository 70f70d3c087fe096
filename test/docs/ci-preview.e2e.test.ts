// docs/ci.md's preview workflow, run as written against the emulator (helpers/workflow.ts stands
// in for the runner): two pull requests at once each apply, evaluate and destroy a copy of the
// stack of their own, touching neither the other's nor main's and leaving no record; a pull request
// whose eval fails still destroys its copy; closing a pull request whose run was cancelled deletes
// what that run left.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { assertBuilt } from '../helpers/binary.js';
import { limit } from '../helpers/limits.js';
import { IN_LTS_PASS } from '../helpers/lts-pass.js';
import { runCli } from '../helpers/run-cli.js';
import { starterFolder } from '../helpers/starter.js';
import { describeRun, runnerEnv, WorkflowHistory, workflowFrom, type RunSettings } from '../helpers/workflow.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const workflow = workflowFrom(readFileSync(join(ROOT, 'docs/ci.md'), 'utf8'), 'preview.yml');
const KEY = 'sk-test-openai-key-preview';
let emulator: RunningEmulator;
let root: string;
let settings: RunSettings;
/** A repository whose cases all pass (the starter's, without the two that fail on purpose). */
let passing: string;
/** The starter repository as `agents init` writes it: two cases fail. */
let failing: string;

const agents = (...argv: string[]) =>
  runCli(argv, { env: { AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token, AGENTS_KEY_OPENAI: KEY } });
const names = async (...kind: string[]) =>
  (JSON.parse((await agents(...kind, 'list', '--all', '--json')).stdout) as Array<{ name: string }>)
    .map((r) => r.name)
    .sort();
const records = async () => ({
  agents: await names(),
  tools: await names('tools'),
  datasources: await names('datasources'),
});
const pullRequest = (number: number, action = 'synchronize', repository = passing): RunSettings => ({
  ...settings,
  ref: `refs/pull/${number}/merge`,
  repository,
  event: { action, pull_request: { number } },
});

beforeAll(async () => {
  assertBuilt();
  emulator = await startEmulator({ tokenDelayMs: 0 });
  root = mkdtempSync(join(tmpdir(), 'agents-ci-preview-'));
  const starter = starterFolder();
  failing = starter.dir;
  const cases = readFileSync(starter.evals, 'utf8').split('\n  - name: says it exactly')[0]!;
  passing = mkdtempSync(join(tmpdir(), 'agents-preview-repo-'));
  writeFileSync(join(passing, 'stack.yaml'), readFileSync(starter.stack));
  writeFileSync(join(passing, 'evals.yaml'), `${cases}\n`);
  // Main's stack, applied as main's own workflow would.
  expect((await agents('apply', '-f', starter.stack)).code).toBe(0);
  const release = join(root, 'release');
  mkdirSync(release);
  execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', release], { cwd: ROOT });
  settings = {
    ref: 'refs/heads/main',
    repository: passing,
    vars: { AGENTS_BASE_URL: emulator.url },
    secrets: { AGENTS_TOKEN: emulator.token, AGENTS_KEY_OPENAI: KEY },
    env: runnerEnv(root),
    // README's install from the repository is test/install's; here the same package from a tarball.
    replace: { AGENTS_CLI: join(release, readdirSync(release)[0]!) },
  };
}, limit(60_000));
afterAll(() => emulator?.close());

// In .ci/run's pass on the current LTS only (helpers/lts-pass.ts, docs/testing.md); the hooks
// above run only when a test does.
it.runIf(IN_LTS_PASS)(
  'gives two pull requests at once copies of their own, destroyed after; a failing eval still destroys',
  async () => {
    const main = await records();
    const mainAgents = JSON.parse((await agents('list', '--all', '--json')).stdout) as unknown[];
    expect(main.agents).toEqual(['Support bot', 'Travel bot']);

    // 1. Two pull requests at once: each applies, evaluates and destroys its own copy.
    const [one, two] = await Promise.all([
      history().run(workflow, pullRequest(1)),
      history().run(workflow, pullRequest(2)),
    ]);
    for (const run of [one, two]) {
      expect(run.ok, describeRun(run)).toBe(true);
      expect(run.jobs.map((job) => job.job)).toEqual(['preview']); // the cleanup job is for a close
    }
    expect(one.jobs[0]!.output).toContain('Support bot-pr-1');
    expect(one.jobs[0]!.output).not.toContain('-pr-2');
    expect(two.jobs[0]!.output).not.toContain('-pr-1');
    expect(one.jobs[0]!.output).toMatch(/Deleted 4 records/);
    expect(one.jobs[0]!.summary).toMatch(/agents apply[\s\S]*agents eval[\s\S]*agents destroy/);
    // Nothing left behind, and main's stack as it was (its records not even written to).
    expect(await records()).toEqual(main);
    expect(JSON.parse((await agents('list', '--all', '--json')).stdout)).toEqual(mainAgents);

    // 2. A pull request whose eval fails: the job fails, and its copy is destroyed all the same.
    const failed = await history().run(workflow, pullRequest(3, 'synchronize', failing));
    expect(failed.ok).toBe(false);
    expect(failed.jobs[0]!.failed?.step).toContain('agents eval');
    expect(failed.jobs[0]!.output).toMatch(/Deleted 4 records/);
    expect(await records()).toEqual(main);

    // 3. A run cancelled after its apply left a copy: closing the pull request deletes it.
    const left = await runCli(['apply', '-f', join(passing, 'stack.yaml'), '-q'], {
      env: {
        AGENTS_BASE_URL: emulator.url,
        AGENTS_TOKEN: emulator.token,
        AGENTS_KEY_OPENAI: KEY,
        AGENTS_SUFFIX: '-pr-4',
      },
    });
    expect(left.code).toBe(0);
    expect((await records()).agents).toContain('Support bot-pr-4');
    const closed = await history().run(workflow, pullRequest(4, 'closed'));
    expect(closed.ok, describeRun(closed)).toBe(true);
    expect(closed.jobs.map((job) => job.job)).toEqual(['cleanup']);
    expect(await records()).toEqual(main);
  },
  limit(120_000),
);

let histories: WorkflowHistory | undefined;
/** One history for the test: its npm installs of the one tarball are made once and copied. */
function history(): WorkflowHistory {
  histories ??= new WorkflowHistory(root);
  return histories;
}
