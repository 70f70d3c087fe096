// Every command of the program, walked from commander's own tree, for tests that must cover all.
import type { Command } from 'commander';
import { createProgram, hasAction } from '../../src/cli.js';
import { captureStream, stdinFrom } from './streams.js';

/** Each command's path ([] for `agents` itself, then e.g. ['tools'], ['tools', 'list']). */
const programForTests = () =>
  createProgram({ stdout: captureStream(), stderr: captureStream(), stdin: stdinFrom(undefined, false), env: {} });

export function commandPaths(): string[][] {
  const program = programForTests();
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

/** The commands a user runs: those with an action (`tools` only groups its verbs; `eval` runs and holds merge and compare). */
export function runnableCommands(): string[] {
  const program = programForTests();
  const found: string[] = [];
  const walk = (command: Command, path: string[]) => {
    for (const sub of command.commands) {
      if (hasAction(sub)) found.push([...path, sub.name()].join(' '));
      walk(sub, [...path, sub.name()]);
    }
  };
  walk(program, []);
  return found;
}
