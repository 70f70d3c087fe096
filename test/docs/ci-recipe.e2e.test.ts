// docs/eval.md's GitHub Actions recipe, run as written against the emulator: its workflow is read
// from the page and its steps run in order (helpers/workflow.ts stands in for the runner and the
// actions), installing the CLI from a tarball as the recipe does. The first run on main starts the
// baseline, a pull request gates on it, an answer that changes fails the gate naming the case, and a
// refused token fails the shard jobs instead of passing.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { assertBuilt } from '../helpers/binary.js';
import { runCli } from '../helpers/run-cli.js';
import { starterFolder } from '../helpers/starter.js';
import { describeRun, runnerEnv, WorkflowHistory, workflowFrom, type RunSettings } from '../helpers/workflow.js';
import { limit } from '../helpers/limits.js';
import { IN_LTS_PASS } from '../helpers/lts-pass.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const workflow = workflowFrom(readFileSync(join(ROOT, 'docs/eval.md'), 'utf8'));
let emulator: RunningEmulator;
let settings: RunSettings;
let root: string;
const agents = (...argv: string[]) =>
  runCli(argv, {
    env: { AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token, AGENTS_KEY_OPENAI: 'sk-test-openai-key' },
  });

beforeAll(async () => {
  assertBuilt();
  emulator = await startEmulator({ tokenDelayMs: 0 });
  root = mkdtempSync(join(tmpdir(), 'agents-ci-recipe-'));
  // The user's repository: what `agents init` writes (the eval file the recipe names), and the
  // agents it runs against, applied from its stack file.
  const repository = starterFolder();
  expect((await agents('apply', '-f', repository.stack)).code).toBe(0);
  // The release tarball the recipe downloads (the build is npm test's, so no scripts).
  const release = join(root, 'release');
  mkdirSync(release);
  execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', release], { cwd: ROOT });
  settings = {
    ref: 'refs/heads/main',
    repository: repository.dir,
    vars: { AGENTS_BASE_URL: emulator.url },
    secrets: { AGENTS_TOKEN: emulator.token },
    env: runnerEnv(root),
    replace: { AGENTS_CLI: join(release, readdirSync(release)[0]!) },
  };
}, limit(60_000));
afterAll(() => emulator?.close());

// In .ci/run's pass on the current LTS only (helpers/lts-pass.ts, docs/testing.md); the hooks
// above run only when a test does.
it.runIf(IN_LTS_PASS)(
  'starts a baseline on main, gates a pull request on it, fails on a changed answer and on a refused token',
  async () => {
    const history = new WorkflowHistory(root);
    expect(workflow.jobs.eval?.strategy?.matrix.shard).toEqual([1, 2, 3]);

    // 1. The first run on main: no baseline yet; two cases fail on purpose, and they start it.
    const first = await history.run(workflow, settings);
    expect(first.ok, describeRun(first)).toBe(true);
    expect(first.jobs.map((job) => job.job)).toEqual(['eval', 'eval', 'eval', 'verdict']);
    expect(first.jobs.at(-1)!.output).toContain('does not exist yet: this run starts it');

    // 2. A pull request that changes nothing: gated on the baseline, the known failures pass.
    const pr = { ...settings, ref: 'refs/pull/1/merge' };
    const second = await history.run(workflow, pr);
    expect(second.ok, describeRun(second)).toBe(true);
    expect(second.jobs.at(-1)!.output).not.toContain('does not exist yet');

    // 3. An agent that answers differently (its tool detached): the gate fails, naming the case.
    expect((await agents('remove-tool', 'Travel bot', 'forecast')).code).toBe(0);
    const changed = await history.run(workflow, pr);
    expect(changed.ok).toBe(false);
    const verdict = changed.jobs.find((job) => job.job === 'verdict')!;
    expect(verdict.failed?.code).toBe(1);
    expect(verdict.output).toMatch(/regress[\s\S]*calls the forecast tool/i);

    // 4. A revoked token fails the shard jobs (exit 4), so the gate never passes on an outage.
    const refused = await history.run(workflow, { ...pr, secrets: { AGENTS_TOKEN: 'revoked-token-0123456789' } });
    expect(refused.ok).toBe(false);
    expect(refused.jobs.map((job) => job.job)).toEqual(['eval', 'eval', 'eval']);
    for (const job of refused.jobs) expect(job.failed?.code, job.output).toBe(1);
    expect(refused.jobs[0]!.output).toMatch(/token/i);
  },
  limit(120_000),
);
