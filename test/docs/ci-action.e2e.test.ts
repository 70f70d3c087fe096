// docs/ci.md's workflow, run as written against the emulator with this repository's action.yml
// (helpers/workflow.ts runs its composite steps for real, from a copy of the repository, and stands
// in for the runner and the other actions): the CLI installed once from the release tag's built tree
// and then restored from the cache (the build from sources is ci-action-build.e2e.test.ts's), a first run on main that applies the stack and starts the baseline, a pull
// request that changes nothing, and one whose agent lost its tool: a summary, an annotation at the
// case's line and a report page, the gate failing, and the token nowhere in the logs.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { copyAction } from '../helpers/action-copy.js';
import { runCli } from '../helpers/run-cli.js';
import { starterFolder } from '../helpers/starter.js';
import {
  describeRun,
  runnerEnv,
  WorkflowHistory,
  workflowFrom,
  type RunSettings,
  type WorkflowRun,
} from '../helpers/workflow.js';
import { workflowCommandsIn } from '../helpers/workflow-commands.js';
import { limit } from '../helpers/limits.js';
import { IN_LTS_PASS } from '../helpers/lts-pass.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const workflow = workflowFrom(readFileSync(join(ROOT, 'docs/ci.md'), 'utf8'));
let emulator: RunningEmulator;
let settings: RunSettings;
let root: string;
const agents = (...argv: string[]) =>
  runCli(argv, { env: { AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token } });

// The workflow runs in .ci/run's pass on the current LTS only (helpers/lts-pass.ts, docs/testing.md).
describe.runIf(IN_LTS_PASS)('docs/ci.md run as a workflow', () => {
  beforeAll(async () => {
    emulator = await startEmulator({ tokenDelayMs: 0 });
    root = mkdtempSync(join(tmpdir(), 'agents-ci-action-'));
    // The docs use the action at a release tag: its tree is built (helpers/action-copy.ts).
    const action = copyAction(join(root, 'action'), { release: true });
    settings = {
      ref: 'refs/heads/main',
      repository: starterFolder().dir,
      vars: { AGENTS_BASE_URL: emulator.url },
      secrets: { AGENTS_TOKEN: emulator.token },
      env: {
        ...runnerEnv(root),
        // The packages of the lockfile are in npm's cache (npm ci filled it before the tests): the
        // action's npm ci takes them from there instead of asking the registry for each.
        npm_config_prefer_offline: 'true',
        // What the registry needs on this machine (global-env.ts keeps it from every other process).
        ...(process.env.AGENTS_TEST_NPM_CA_CERTS && { NODE_EXTRA_CA_CERTS: process.env.AGENTS_TEST_NPM_CA_CERTS }),
        AGENTS_KEY_OPENAI: 'sk-test-openai-key',
      },
      action,
    };
  }, limit(60_000));
  afterAll(() => emulator?.close());

  const job = (run: WorkflowRun, name: string) => run.jobs.find((each) => each.job === name)!;

  /** The token is in no log line but the mask command that hides it (the runner shows neither). */
  function expectTokenHidden(run: WorkflowRun): void {
    for (const each of run.jobs) {
      const lines = each.output.split('\n').filter((line) => line.includes(emulator.token));
      expect(
        lines.every((line) => line === `::add-mask::${emulator.token}`),
        lines.join('\n'),
      ).toBe(true);
      expect(each.summary).not.toContain(emulator.token);
    }
  }

  it(
    'installs the CLI once, provisions on main, gates pull requests on the merged eval, and shows why',
    async () => {
      const history = new WorkflowHistory(root);
      expect(workflow.jobs.eval?.strategy?.matrix.shard).toEqual([1, 2, 3, 4]);

      // The first use builds and installs the CLI; every later job restores it from the cache.
      const install = await history.run(
        { jobs: { install: { steps: [{ uses: 'YOUR-ORG/agents-cli@v0.1.0' }] } } },
        settings,
      );
      expect(install.ok, describeRun(install)).toBe(true);

      // 1. The first run on main: diff shows what to create, apply creates it, the baseline starts.
      const first = await history.run(workflow, settings);
      expect(first.ok, describeRun(first)).toBe(true);
      expect(first.jobs.map((each) => each.job)).toEqual(['stack', 'eval', 'eval', 'eval', 'eval', 'verdict']);
      expect(job(first, 'stack').summary).toMatch(
        /agents diff: stack\S*yaml[\s\S]*to create[\s\S]*agents apply: stack/,
      );
      expect(job(first, 'stack').summary).toMatch(/✓ created/);
      expect(job(first, 'verdict').output).toContain('does not exist yet: this run starts it');
      expect(job(first, 'verdict').summary).toMatch(/agents eval merge[\s\S]*4 passed, 2 failed of 6 cases/);
      for (const shard of first.jobs.filter((each) => each.job === 'eval')) expect(shard.summary).toBe('');
      expectTokenHidden(first);

      // 2. A pull request that changes nothing: nothing to diff, nothing regressed.
      const pr = { ...settings, ref: 'refs/pull/1/merge' };
      const second = await history.run(workflow, pr);
      expect(second.ok, describeRun(second)).toBe(true);
      expect(job(second, 'stack').summary).toContain('0 to create, 0 to update');
      expect(job(second, 'verdict').summary).toContain('0 regressed');
      // Known failures are warnings with a baseline, at their lines in evals.yaml.
      const known = workflowCommandsIn(
        second.jobs
          .filter((each) => each.job === 'eval')
          .map((each) => each.output)
          .join('\n'),
      );
      expect(known.filter((c) => c.command !== 'add-mask').map((c) => c.command)).toEqual(['warning', 'warning']);

      // 3. The travel agent lost its tool: diff shows the tool to attach, the gate fails on the
      // regression, which the summary lists first and an annotation marks at the case's line; the
      // report page is kept all the same.
      expect((await agents('remove-tool', 'Travel bot', 'forecast')).code).toBe(0);
      const changed = await history.run(workflow, pr);
      expect(changed.ok).toBe(false);
      expect(job(changed, 'stack').summary).toMatch(/~ update \| agent \| Travel bot \| \\\+ tool: forecast \(/);
      const verdict = job(changed, 'verdict');
      expect(verdict.failed?.code).toBe(1);
      expect(verdict.summary).toMatch(/1 regressed[\s\S]*Regressions \(1\)[\s\S]*calls the forecast tool/);
      const evalLine = STARTER_LINE('calls the forecast tool');
      const regressed = workflowCommandsIn(verdict.output).filter((c) => c.command === 'error');
      expect(regressed.map((c) => [c.properties.file, c.properties.line, c.properties.title])).toEqual([
        ['evals.yaml', String(evalLine), 'Regressed: calls the forecast tool'],
      ]);
      expect(readFileSync(join(verdict.workspace, 'eval-report.html'), 'utf8')).toContain('Content-Security-Policy');
      expectTokenHidden(changed);
      expect((await agents('add-tool', 'Travel bot', 'forecast')).code).toBe(0);
    },
    limit(240_000),
  );
});

/** The line of a case in the starter eval file. */
function STARTER_LINE(name: string): number {
  const lines = readFileSync(join(settings.repository, 'evals.yaml'), 'utf8').split('\n');
  return lines.findIndex((line) => line.includes(`name: ${name}`)) + 1;
}

it('every job that applies a stack is in a concurrency group that queues instead of cancelling', () => {
  const applying = Object.entries(workflow.jobs).filter(([, job]) =>
    job.steps.some((step) => typeof step.with?.command === 'string' && /\bapply\b/.test(step.with.command)),
  );
  expect(applying.map(([name]) => name)).toEqual(['stack']);
  for (const [, job] of applying) {
    expect(job.concurrency).toMatchObject({ group: expect.any(String), 'cancel-in-progress': false });
  }
});
