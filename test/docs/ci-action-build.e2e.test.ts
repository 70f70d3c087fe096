// The action used at a ref that is sources (a branch, a commit), not a release tag: it installs
// the lockfile's dev dependencies, builds, packs and installs, once; a later job restores the
// install from the cache. The route a docs user takes (a release tag's built tree) is
// ci-action.e2e.test.ts's. This one runs in .ci/run's pass on the current LTS only
// (helpers/lts-pass.ts): its npm ci of every dev dependency is 14 s of CPU.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { copyAction } from '../helpers/action-copy.js';
import { limit } from '../helpers/limits.js';
import { IN_LTS_PASS } from '../helpers/lts-pass.js';
import { runnerEnv, WorkflowHistory, type RunSettings, type Workflow } from '../helpers/workflow.js';
import { starterFolder } from '../helpers/starter.js';

// The version, then what the job built in its runner's temporary folder (nothing when restored).
const VERSION_JOB: Workflow = {
  jobs: {
    install: { steps: [{ uses: 'YOUR-ORG/agents-cli@main', with: { command: '--version; ls "$RUNNER_TEMP"' } }] },
  },
};

it.runIf(IN_LTS_PASS)(
  'at a branch, the action builds the CLI from its sources once, and a later job restores it',
  async () => {
    const root = mkdtempSync(join(tmpdir(), 'agents-ci-action-build-'));
    const settings: RunSettings = {
      ref: 'refs/heads/main',
      repository: starterFolder().dir,
      vars: {},
      secrets: {},
      env: {
        ...runnerEnv(root),
        // The lockfile's packages are in npm's cache (npm ci filled it before the tests).
        npm_config_prefer_offline: 'true',
        ...(process.env.AGENTS_TEST_NPM_CA_CERTS && { NODE_EXTRA_CA_CERTS: process.env.AGENTS_TEST_NPM_CA_CERTS }),
      },
      action: copyAction(join(root, 'action'), { release: false }),
    };
    const history = new WorkflowHistory(root);
    const built = await history.run(VERSION_JOB, settings);
    const output = built.jobs[0]!.output;
    expect(built.ok, output).toBe(true);
    expect(output).toMatch(/^\d+\.\d+\.\d+$/m);
    expect(output).toMatch(/^agents-cli-build$/m);

    const restored = await history.run(VERSION_JOB, settings);
    expect(restored.ok, restored.jobs[0]!.output).toBe(true);
    expect(restored.jobs[0]!.output).toMatch(/^\d+\.\d+\.\d+$/m);
    expect(restored.jobs[0]!.output).not.toContain('agents-cli-build');
  },
  limit(240_000),
);
