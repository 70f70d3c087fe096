// Every command of the program, walked from the registry of specs, for tests that must cover all.
import { COMMANDS, GROUPS } from '../../src/commands/registry.js';
import { loadSpecs } from '../../src/commands/command.js';

// The specs load lazily (commands/command.ts): every one, for a test that walks them all.
await loadSpecs(COMMANDS);

/** Each command's path ([] for `agents` itself, then e.g. ['tools'], ['tools', 'list']): groups and commands. */
export function commandPaths(): string[][] {
  const paths = new Set<string>(['']);
  for (const { spec } of COMMANDS) {
    const words = spec.path.split(' ');
    words.forEach((_word, index) => paths.add(words.slice(0, index + 1).join(' ')));
  }
  for (const group of Object.keys(GROUPS)) paths.add(group);
  return [...paths].map((path) => (path === '' ? [] : path.split(' ')));
}

/** The commands a user runs: those with a run (`tools` only groups its verbs; `eval` runs and holds merge and compare). */
export function runnableCommands(): string[] {
  return COMMANDS.map((command) => command.spec.path);
}
