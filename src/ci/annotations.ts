// Annotations on GitHub Actions: when GITHUB_ACTIONS=true, a failing eval case or a problem in a
// stack or eval file is also a workflow command on stderr, pointing at the file and line, so the
// pull request shows it where it is. At most 50 a run (GitHub shows 10 a step anyway), then one
// line saying how many were left out: a broken file of 2,000 cases must not bury the log.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { OutputStream } from '../deps.js';
import type { Located } from '../errors.js';
import { readsWorkflowCommands, writeCommand } from './command-guard.js';
import { workflowCommand, type AnnotationLevel } from './workflow-commands.js';

export const ANNOTATION_CAP = 50;

export class Annotations {
  private shown = 0;
  private left = 0;

  constructor(
    private readonly stderr: OutputStream,
    private readonly workspace: string | undefined,
    private readonly cwd: string,
  ) {}

  add(level: AnnotationLevel, where: string | undefined, title: string, message: string): void {
    if (this.shown >= ANNOTATION_CAP) {
      this.left++;
      return;
    }
    this.shown++;
    writeCommand(this.stderr, workflowCommand(level, { ...this.place(where), title }, message));
  }

  /** The line saying how many were left out, once, when some were. */
  finish(): void {
    if (this.left === 0) return;
    const count = this.left;
    this.left = 0;
    const message = `${count} more annotations were left out (at most ${ANNOTATION_CAP} a run); the log and the report list every one`;
    writeCommand(this.stderr, workflowCommand('notice', { title: `${count} more not annotated` }, message));
  }

  /** file and line of "path:12"; the path relative to the workspace when it is inside it. */
  private place(where: string | undefined): { file?: string; line?: number } {
    const match = where === undefined ? null : /^(.+):(\d+)$/.exec(where);
    if (!match || match[1] === 'stdin') return {};
    const [, path, line] = match as unknown as [string, string, string];
    return { file: this.shownPath(path), line: Number(line) };
  }

  private shownPath(path: string): string {
    if (!this.workspace) return path;
    const inside = relative(resolve(this.workspace), resolve(this.cwd, path));
    if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return path;
    return inside.split(sep).join('/');
  }
}

/** One per stderr stream, so the cap counts a whole run whichever part of it annotates. */
const perStream = new WeakMap<OutputStream, Annotations>();

/** The run's annotations, or undefined when not on GitHub Actions. */
export function annotationsOf(
  stderr: OutputStream,
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): Annotations | undefined {
  if (!readsWorkflowCommands(env)) return undefined;
  let annotations = perStream.get(stderr);
  if (!annotations) {
    annotations = new Annotations(stderr, env.GITHUB_WORKSPACE || undefined, cwd);
    perStream.set(stderr, annotations);
  }
  return annotations;
}

/** A file's problems, each at its line: one error annotation each. */
export function annotateProblems(
  annotations: Annotations | undefined,
  title: string,
  problems: readonly Located[],
): void {
  if (!annotations) return;
  for (const problem of problems) annotations.add('error', problem.where, title, problem.message);
  annotations.finish();
}
