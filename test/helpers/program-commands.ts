// Every command of the program, walked from commander's own tree, for tests that must cover all.
import type { Command } from 'commander';
import { createProgram } from '../../src/cli.js';
import { captureStream, stdinFrom } from './streams.js';

/** Each command's path ([] for `agents` itself, then e.g. ['tools'], ['tools', 'list']). */
export function commandPaths(): string[][] {
  const program = createProgram({ stdout: captureStream(), stderr: captureStream(), stdin: stdinFrom(undefined, false), env: {} });
  const paths: string[][] = [[]];
  const walk = (command: Command, path: string[]) => {
    for (const sub of command.commands) {
      paths.push([...path, sub.name()]);
      walk(sub, [...path, sub.name()]);
    }
  };
  walk(program, []);
  return paths;
}

/** The commands a user runs: paths whose command holds no others (`tools` only groups its verbs). */
export function runnableCommands(): string[] {
  const paths = commandPaths();
  return paths
    .filter((path) => path.length > 0 && !paths.some((other) => other.length === path.length + 1 && path.every((part, i) => other[i] === part)))
    .map((path) => path.join(' '));
}
