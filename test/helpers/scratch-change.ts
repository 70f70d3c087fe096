// Makes a change to a copy of the source, as a maintainer would in a scratch clone, so a test can
// run the changed program and count what the change touched (docs/architecture.md's "What a change
// costs"). The copy is `src/` and package.json in a temporary folder, with this checkout's
// node_modules linked in; Vitest loads the copy's TypeScript as it loads ours. Each edit must find
// its anchor exactly once: a place the table counts that no longer exists fails the test.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

interface Edit {
  /** A file of the copy, from the repository's root: `src/resources/registry.ts`. */
  file: string;
  /** Text found exactly once in that file. */
  find: string;
  /** What it becomes. */
  replace: string;
}

export interface Change {
  /** New files by path from the repository's root, and their text. */
  create?: Record<string, string>;
  edits?: readonly Edit[];
}

export interface ScratchCopy<N extends string> {
  root: string;
  /** Each change's files made or changed, by path from the root: its cost. */
  touched: Record<N, string[]>;
  /** A module of the changed copy: `load('src/cli.ts')`. */
  load<T = Record<string, unknown>>(file: string): Promise<T>;
  remove(): void;
}

/**
 * One copy with every change made (independent changes: loading the program once costs the suite
 * one transform of `src/`, not one per change), and what each change touched.
 */
export function scratchCopy<N extends string>(changes: Record<N, Change>): ScratchCopy<N> {
  const root = mkdtempSync(join(tmpdir(), 'agents-scratch-'));
  cpSync(join(REPO, 'src'), join(root, 'src'), { recursive: true, filter: (path) => !path.endsWith('.test.ts') });
  cpSync(join(REPO, 'package.json'), join(root, 'package.json'));
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  const touched = {} as Record<N, string[]>;
  for (const [name, change] of Object.entries(changes) as Array<[N, Change]>) {
    touched[name] = [
      ...new Set([...Object.keys(change.create ?? {}), ...(change.edits ?? []).map((e) => e.file)]),
    ].sort();
    for (const [file, text] of Object.entries(change.create ?? {})) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    for (const edit of change.edits ?? []) {
      const path = join(root, edit.file);
      const text = readFileSync(path, 'utf8');
      const count = text.split(edit.find).length - 1;
      if (count !== 1) throw new Error(`${edit.file}: ${JSON.stringify(edit.find)} is there ${count} times, not once`);
      writeFileSync(
        path,
        text.replace(edit.find, () => edit.replace),
      );
    }
  }
  return {
    root,
    touched,
    load: (file) => import(pathToFileURL(join(root, file)).href),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The "files" column of a row of docs/architecture.md's cost table, as a number. */
export function documentedCost(change: string): number {
  const doc = readFileSync(join(REPO, 'docs/architecture.md'), 'utf8');
  const row = doc.split('\n').find((line) => line.startsWith(`| ${change} |`));
  if (!row) throw new Error(`docs/architecture.md has no row "${change}" in its cost table`);
  const cells = row.split('|').map((cell) => cell.trim());
  return Number(cells[2]);
}
