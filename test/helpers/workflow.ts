// Runs a GitHub Actions workflow from the docs the way a runner would, on this machine: each job in
// a fresh workspace, matrix jobs as separate processes at once, `run:` steps in bash -e with the
// workflow's and the job's env, `${{ … }}` filled in, a failing step failing its job and the jobs
// that need it. The few actions the docs use are stood in for (checkout copies the repository;
// artifacts are folders; the baseline download takes what the last successful run on main
// uploaded). Anything else in a workflow (another action, another expression) fails the test, so a
// doc that changes its workflow changes this too.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';

interface Step {
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

interface Job {
  needs?: string | string[];
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
}

export interface WorkflowRun {
  ok: boolean;
  jobs: JobRun[];
}

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
}

/** The workflow in the first ```yaml block of `markdown` that holds `jobs:`. */
export function workflowFrom(markdown: string): Workflow {
  const blocks = [...markdown.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const text = blocks.find((block) => /^jobs:/m.test(block));
  if (!text) throw new Error('no workflow (a ```yaml block with jobs:) in the page');
  return parse(text) as Workflow;
}

/** Keeps what successful runs on main uploaded, for the next run's baseline download. */
export class WorkflowHistory {
  private keptOnMain = new Map<string, string>();

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
    // Each job is a runner of its own: its own global npm folder, first on PATH.
    const runner = mkdtempSync(join(this.root, 'runner-'));
    const fill = (text: string) => expand(text, { matrix, vars: settings.vars, secrets: settings.secrets });
    const env: Record<string, string> = {
      ...settings.env,
      npm_config_prefix: runner,
      PATH: `${join(runner, 'bin')}:${settings.env.PATH ?? ''}`,
    };
    for (const [key, value] of Object.entries({ ...workflow.env, ...job.env }))
      env[key] = settings.replace?.[key] ?? fill(String(value));
    let output = '';
    for (const step of job.steps) {
      if (step.if !== undefined && !condition(step.if, settings.ref)) continue;
      if (step.uses) {
        this.standIn(step, workspace, settings, artifacts, fill);
        continue;
      }
      const script = fill(step.run ?? '');
      const stepEnv = { ...env, ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, fill(v)])) };
      const { code, text } = await bash(script, workspace, stepEnv);
      output += text;
      if (code !== 0) return { job: name, matrix, ok: false, output, failed: { step: script, code } };
    }
    return { job: name, matrix, ok: true, output };
  }

  private standIn(
    step: Step,
    workspace: string,
    settings: RunSettings,
    artifacts: Map<string, string>,
    fill: (text: string) => string,
  ): void {
    const action = step.uses!.split('@')[0];
    const given = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, fill(`${v as string}`)]));
    if (action === 'actions/checkout') return cpSync(settings.repository, workspace, { recursive: true });
    if (action === 'actions/upload-artifact') {
      const folder = mkdtempSync(join(this.root, 'artifact-'));
      cpSync(join(workspace, given.path!), join(folder, basename(given.path!)));
      artifacts.set(given.name!, folder);
      return;
    }
    if (action === 'actions/download-artifact') {
      const pattern = new RegExp(`^${given.pattern!.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`);
      for (const [name, folder] of artifacts) if (pattern.test(name)) copyInto(folder, workspace);
      return;
    }
    if (action === 'dawidd6/action-download-artifact') {
      if (given.branch !== 'main') throw new Error(`a baseline from ${given.branch}: only main is stood in for`);
      const kept = this.keptOnMain.get(given.name!);
      if (kept) copyInto(kept, workspace);
      else if (given.if_no_artifact_found !== 'warn') throw new Error(`no artifact ${given.name} on main yet`);
      return;
    }
    throw new Error(`no stand-in for the action ${step.uses}`);
  }
}

function copyInto(folder: string, workspace: string): void {
  for (const file of readdirSync(folder)) cpSync(join(folder, file), join(workspace, file));
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

/** `${{ matrix.x }}`, `${{ vars.X }}`, `${{ secrets.X }}`; any other expression is an error. */
function expand(text: string, context: Record<'matrix' | 'vars' | 'secrets', Record<string, unknown>>): string {
  return text.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_all, path: string) => {
    const [scope, key] = path.split('.') as [keyof typeof context, string];
    const value = context[scope]?.[key];
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`no value for \${{ ${path} }}`);
    return String(value);
  });
}

/** The one condition the docs use. */
function condition(expression: string, ref: string): boolean {
  const match = /^github\.ref == '([^']+)'$/.exec(expression.trim());
  if (!match) throw new Error(`no stand-in for the condition ${expression}`);
  return ref === match[1];
}

/** A `run:` as the runner's default shell runs it: bash -e, in the workspace. */
function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number; text: string }> {
  return new Promise((resolve, reject) => {
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
