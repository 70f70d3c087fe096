// Runs a GitHub Actions workflow from the docs the way a runner would, on this machine: each job in
// a fresh workspace, matrix jobs as separate processes at once, `run:` steps in bash -e with the
// workflow's and the job's env, `${{ … }}` filled in, a failing step failing its job and the jobs
// that need it. The few actions the docs use are stood in for (checkout copies the repository;
// artifacts are folders; the baseline download takes what the last successful run on main
// uploaded; actions/cache keeps folders across runs; a second `npm install -g` of one file is a
// copy of what the first wrote). This repository's own action (action.yml,
// a composite) runs its steps for real, as `uses: YOUR-ORG/agents-cli@…`. Steps see what a runner
// gives them: GITHUB_ACTIONS, GITHUB_WORKSPACE, a GITHUB_STEP_SUMMARY, GITHUB_OUTPUT and GITHUB_PATH
// files. Anything else in a workflow (another action, another expression) fails the test, so a doc
// that changes its workflow changes this too.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

/** This repository's action as the docs name it, run from RunSettings.action. */
const OWN_ACTION = 'YOUR-ORG/agents-cli';

interface Job {
  /** The job runs only when this holds (conditions as steps': github.event.action != 'closed'). */
  if?: string;
  needs?: string | string[];
  /** Not run here (one runner); read by tests that check which jobs GitHub would queue. */
  concurrency?: string | { group: string; 'cancel-in-progress'?: boolean };
  strategy?: { matrix: Record<string, unknown[]> };
  env?: Record<string, string>;
  steps: Step[];
}

export interface Workflow {
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

export interface JobRun {
  job: string;
  matrix: Record<string, unknown>;
  ok: boolean;
  /** What each step printed, stdout and stderr together, in order. */
  output: string;
  /** The `run:` of the step that failed, and its exit code. */
  failed?: { step: string; code: number };
  /** The job summary: what its steps appended to GITHUB_STEP_SUMMARY. */
  summary: string;
  /** The workspace at the end of the job. */
  workspace: string;
}

export interface WorkflowRun {
  ok: boolean;
  jobs: JobRun[];
}

/** A run as a failed assertion shows it: each job with its matrix, how it ended and what it printed. */
export const describeRun = (run: WorkflowRun): string =>
  run.jobs
    .map(
      (job) =>
        `${job.job} ${JSON.stringify(job.matrix)}: ${job.ok ? 'ok' : `failed ${job.failed?.code}`}\n${job.output}`,
    )
    .join('\n');

export interface RunSettings {
  /** refs/heads/main for a push to main, anything else for a pull request. */
  ref: string;
  /** The repository's files, copied by actions/checkout. */
  repository: string;
  vars: Record<string, string>;
  secrets: Record<string, string>;
  /** The environment of every step, under the workflow's own env (each job gets its own npm prefix first on PATH). */
  env: Record<string, string>;
  /** Workflow env values replaced for this machine (a download address by a local file). */
  replace?: Record<string, string>;
  /** The folder a runner downloads this repository's action to (a copy of the repository). */
  action?: string;
  /** The event that started the run, as `github.event` gives it (a pull request's number, its action). */
  event?: Record<string, unknown>;
}

/** Expression contexts of a step: ${{ matrix.x }}, ${{ steps.id.outputs.y }}, ${{ inputs.z }}, … */
type Contexts = Record<string, Record<string, unknown>>;

/** What one job's steps share: where they run, their environment, and the outputs of earlier steps. */
interface JobState {
  workspace: string;
  runner: string;
  env: Record<string, string>;
  /** Folders GITHUB_PATH added, first on PATH for the steps after. */
  paths: string[];
  output: string;
  summary: string;
  failed?: { step: string; code: number };
  /** actions/cache saves at the end of a job that succeeded. */
  saves: Array<{ key: string; path: string }>;
}

/** What every step of a docs workflow runs with on this machine: PATH and HOME, npm kept quiet, a config folder under `root`. */
export function runnerEnv(root: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? root,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    AGENTS_CONFIG_DIR: join(root, 'config'),
  };
}

/** The workflow in the first ```yaml block of `markdown` that holds `jobs:` (and `marker`, when given). */
export function workflowFrom(markdown: string, marker?: string): Workflow {
  const blocks = [...markdown.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const text = blocks.find((block) => /^jobs:/m.test(block) && (marker === undefined || block.includes(marker)));
  if (!text)
    throw new Error(`no workflow (a \`\`\`yaml block with jobs:${marker ? ` and ${marker}` : ''}) in the page`);
  return parse(text) as Workflow;
}

/** Keeps what successful runs on main uploaded, for the next run's baseline download. */
export class WorkflowHistory {
  private keptOnMain = new Map<string, string>();
  /** actions/cache: key → a copy of the folder saved. */
  private readonly caches = new Map<string, string>();
  /** `npm install -g FILE` steps run once: their output and the prefix they filled (runScript). */
  private readonly installs = new Map<string, Promise<{ code: number; text: string; prefix: string }>>();

  /** `root`: where workspaces and artifacts go (a temporary folder the test removes). */
  constructor(private readonly root: string) {}

  async run(workflow: Workflow, settings: RunSettings): Promise<WorkflowRun> {
    const artifacts = new Map<string, string>();
    const results: JobRun[] = [];
    const failedJobs = new Set<string>();
    for (const name of jobOrder(workflow)) {
      const job = workflow.jobs[name]!;
      const needs = [job.needs ?? []].flat();
      if (needs.some((need) => failedJobs.has(need))) {
        failedJobs.add(name);
        continue;
      }
      if (job.if !== undefined && !condition(job.if, settings.ref, { github: githubContext(settings) }, false))
        continue;
      const matrices = expandMatrix(job.strategy?.matrix);
      const runs = await Promise.all(
        matrices.map((matrix) => this.runJob(workflow, name, job, matrix, settings, artifacts)),
      );
      results.push(...runs);
      if (runs.some((run) => !run.ok)) failedJobs.add(name);
    }
    const ok = failedJobs.size === 0;
    if (ok && settings.ref === 'refs/heads/main') this.keptOnMain = artifacts;
    return { ok, jobs: results };
  }

  private async runJob(
    workflow: Workflow,
    name: string,
    job: Job,
    matrix: Record<string, unknown>,
    settings: RunSettings,
    artifacts: Map<string, string>,
  ): Promise<JobRun> {
    const workspace = mkdtempSync(join(this.root, `${name}-`));
    // Each job is a runner of its own: its own global npm folder, first on PATH, its own tool cache.
    const runner = mkdtempSync(join(this.root, 'runner-'));
    const contexts: Contexts = {
      matrix,
      vars: settings.vars,
      secrets: settings.secrets,
      steps: {},
      github: githubContext(settings),
    };
    const env: Record<string, string> = {
      ...settings.env,
      npm_config_prefix: runner,
      PATH: `${join(runner, 'bin')}:${settings.env.PATH ?? ''}`,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_REF: settings.ref,
      RUNNER_OS: 'Linux',
      RUNNER_TEMP: mkdtempSync(join(runner, 'temp-')),
      RUNNER_TOOL_CACHE: mkdtempSync(join(runner, 'tool-cache-')),
    };
    for (const [key, value] of Object.entries({ ...workflow.env, ...job.env }))
      env[key] = settings.replace?.[key] ?? expand(String(value), contexts);
    const state: JobState = { workspace, runner, env, paths: [], output: '', summary: '', saves: [] };
    await this.runSteps(job.steps, contexts, state, settings, artifacts);
    if (!state.failed) for (const { key, path } of state.saves) this.saveCache(key, path);
    const done = { job: name, matrix, output: state.output, summary: state.summary, workspace };
    return state.failed ? { ...done, ok: false, failed: state.failed } : { ...done, ok: true };
  }

  /** Steps in order; after a failure only those whose condition is always(). */
  private async runSteps(
    steps: Step[],
    contexts: Contexts,
    state: JobState,
    settings: RunSettings,
    artifacts: Map<string, string>,
  ): Promise<void> {
    for (const step of steps) {
      const wanted = step.if === undefined ? !state.failed : condition(step.if, settings.ref, contexts, !!state.failed);
      if (!wanted) continue;
      const fill = (text: string) => expand(text, contexts);
      const given = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, fill(`${v as string}`)]));
      if (step.uses?.split('@')[0] === OWN_ACTION) {
        await this.runOwnAction(given, contexts, state, settings, artifacts);
        continue;
      }
      if (step.uses) {
        const outputs = this.standIn(step.uses, given, state, settings, artifacts);
        if (step.id) contexts.steps![step.id] = { outputs };
        continue;
      }
      const script = fill(step.run ?? '');
      const files = mkdtempSync(join(state.runner, 'step-'));
      const [outputFile, pathFile, summaryFile] = ['output', 'path', 'summary'].map((name) => join(files, name));
      for (const file of [outputFile!, pathFile!, summaryFile!]) writeFileSync(file, '');
      const stepEnv = {
        ...state.env,
        ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, fill(v)])),
        PATH: [...state.paths, state.env.PATH].join(':'),
        GITHUB_OUTPUT: outputFile!,
        GITHUB_PATH: pathFile!,
        GITHUB_STEP_SUMMARY: summaryFile!,
        ...(typeof contexts.github?.action_path === 'string'
          ? { GITHUB_ACTION_PATH: contexts.github.action_path }
          : {}),
      };
      const { code, text } = await this.runScript(script, state, stepEnv);
      state.output += text;
      state.summary += readFileSync(summaryFile!, 'utf8');
      state.paths.unshift(...readFileSync(pathFile!, 'utf8').split('\n').filter(Boolean).reverse());
      if (step.id) contexts.steps![step.id] = { outputs: keyValues(readFileSync(outputFile!, 'utf8')) };
      if (code !== 0 && !state.failed) state.failed = { step: script, code };
    }
  }

  /**
   * A `run:` step in bash. A one-line `npm install -g FILE` that an earlier job of this history
   * already ran gets what that install put in its prefix, copied into this job's (the files npm
   * writes), with the same output: fifteen jobs installing one tarball were a tenth of the suite's
   * CPU, and the first install is the real one.
   */
  private async runScript(
    script: string,
    state: JobState,
    env: Record<string, string>,
  ): Promise<{ code: number; text: string }> {
    if (!/^npm install -g \S+$/.test(script.trim())) return bash(script, state.workspace, env);
    const key = `${script}\0${env.AGENTS_CLI ?? ''}`;
    const first = this.installs.get(key);
    if (!first) {
      const install = bash(script, state.workspace, env).then((result) => ({ ...result, prefix: state.runner }));
      this.installs.set(key, install);
      return install;
    }
    const done = await first;
    if (done.code !== 0) return bash(script, state.workspace, env);
    execFileSync('cp', ['-a', join(done.prefix, 'lib'), join(done.prefix, 'bin'), state.runner]);
    return { code: 0, text: done.text };
  }

  /** action.yml's composite steps, with its inputs (defaults where not given) and its own steps context. */
  private async runOwnAction(
    given: Record<string, string>,
    outer: Contexts,
    state: JobState,
    settings: RunSettings,
    artifacts: Map<string, string>,
  ): Promise<void> {
    if (!settings.action) throw new Error(`${OWN_ACTION} is used, but no folder stands for it (RunSettings.action)`);
    const action = parse(readFileSync(join(settings.action, 'action.yml'), 'utf8')) as {
      inputs: Record<string, { default?: string }>;
      runs: { using: string; steps: Step[] };
    };
    if (action.runs.using !== 'composite') throw new Error('action.yml is not a composite action');
    for (const key of Object.keys(given))
      if (!(key in action.inputs)) throw new Error(`action.yml has no input "${key}"`);
    const inputs = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, given[k] ?? v.default ?? '']));
    const contexts: Contexts = {
      ...outer,
      inputs,
      steps: {},
      github: { ...outer.github, action_path: settings.action, action_repository: OWN_ACTION },
    };
    await this.runSteps(action.runs.steps, contexts, state, settings, artifacts);
  }

  private saveCache(key: string, path: string): void {
    if (this.caches.has(key) || !existsSync(path)) return; // a key is saved once, as actions/cache does
    const copy = mkdtempSync(join(this.root, 'cache-'));
    copyTree(path, copy);
    this.caches.set(key, copy);
  }

  /** A well-known action, done as it would be; returns the step's outputs. */
  private standIn(
    uses: string,
    given: Record<string, string>,
    state: JobState,
    settings: RunSettings,
    artifacts: Map<string, string>,
  ): Record<string, string> {
    const action = uses.split('@')[0];
    const workspace = state.workspace;
    if (action === 'actions/checkout') {
      cpSync(settings.repository, workspace, { recursive: true });
      return {};
    }
    if (action === 'actions/cache') {
      const kept = this.caches.get(given.key!);
      state.saves.push({ key: given.key!, path: given.path! });
      if (!kept) return { 'cache-hit': 'false' };
      mkdirSync(given.path!, { recursive: true });
      copyTree(kept, given.path!);
      return { 'cache-hit': 'true' };
    }
    if (action === 'actions/upload-artifact') {
      const folder = mkdtempSync(join(this.root, 'artifact-'));
      cpSync(join(workspace, given.path!), join(folder, basename(given.path!)));
      artifacts.set(given.name!, folder);
      return {};
    }
    if (action === 'actions/download-artifact') {
      const pattern = new RegExp(`^${given.pattern!.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`);
      for (const [name, folder] of artifacts) if (pattern.test(name)) copyInto(folder, workspace);
      return {};
    }
    if (action === 'dawidd6/action-download-artifact') {
      if (given.branch !== 'main') throw new Error(`a baseline from ${given.branch}: only main is stood in for`);
      const kept = this.keptOnMain.get(given.name!);
      if (kept) copyInto(kept, workspace);
      else if (given.if_no_artifact_found !== 'warn') throw new Error(`no artifact ${given.name} on main yet`);
      return {};
    }
    throw new Error(`no stand-in for the action ${uses}`);
  }
}

/** A folder's content into another, links kept as links, as actions/cache keeps an npm prefix (cp -a: Node 26's cpSync fails on one). */
function copyTree(from: string, to: string): void {
  execFileSync('cp', ['-a', `${from}/.`, to]);
}

function copyInto(folder: string, workspace: string): void {
  for (const file of readdirSync(folder)) cpSync(join(folder, file), join(workspace, file));
}

/** `github`: the ref, and the event when the run has one. */
function githubContext(settings: RunSettings): Record<string, unknown> {
  return { ref: settings.ref, ...(settings.event && { event: settings.event }) };
}

/** Jobs in an order that runs each after the ones it needs. */
function jobOrder(workflow: Workflow): string[] {
  const order: string[] = [];
  const visit = (name: string) => {
    if (order.includes(name)) return;
    for (const need of [workflow.jobs[name]!.needs ?? []].flat()) visit(need);
    order.push(name);
  };
  for (const name of Object.keys(workflow.jobs)) visit(name);
  return order;
}

function expandMatrix(matrix: Record<string, unknown[]> | undefined): Array<Record<string, unknown>> {
  if (!matrix) return [{}];
  return Object.entries(matrix).reduce<Array<Record<string, unknown>>>(
    (combos, [key, values]) => combos.flatMap((combo) => values.map((value) => ({ ...combo, [key]: value }))),
    [{}],
  );
}

/** `${{ context.path }}` (matrix, vars, secrets, inputs, steps.<id>.outputs.<name>, github); any other expression is an error. */
function expand(text: string, contexts: Contexts): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_all, path: string) => {
    const value = lookUp(path, contexts);
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`no value for \${{ ${path} }}`);
    return String(value);
  });
}

function lookUp(path: string, contexts: Contexts): unknown {
  const [scope, ...rest] = path.split('.');
  if (!(scope! in contexts)) throw new Error(`no stand-in for the context of \${{ ${path} }}`);
  return rest.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], contexts[scope!]);
}

/**
 * The conditions the docs and action.yml use: `github.ref == '…'`, `<context path> == '…'` or
 * `!= '…'`, and `always()`. Without always(), a condition is false once a step failed.
 */
function condition(expression: string, ref: string, contexts: Contexts, afterFailure: boolean): boolean {
  const text = expression.trim();
  if (text === 'always()') return true;
  if (afterFailure) return false;
  const match = /^([\w.-]+) (==|!=) '([^']*)'$/.exec(text);
  if (!match) throw new Error(`no stand-in for the condition ${expression}`);
  const [, path, operator, literal] = match as unknown as [string, string, string, string];
  const found = path === 'github.ref' ? ref : lookUp(path, contexts);
  const value = typeof found === 'string' || typeof found === 'number' ? String(found) : '';
  return operator === '==' ? value === literal : value !== literal;
}

/** A GITHUB_OUTPUT file's `name=value` lines. */
function keyValues(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** A `run:` as the runner's default shell runs it: bash -e, in the workspace. */
function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number; text: string }> {
  return new Promise((resolve, reject) => {
    // Not niced: beside other work at the normal priority (two CPU-bound processes, in the test of
    // load), a niced job got a tenth of a core and ran past its limit.
    const child = spawn('bash', ['--noprofile', '--norc', '-e', '-c', script], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, text }));
  });
}
