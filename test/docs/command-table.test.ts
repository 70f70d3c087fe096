// README's table of commands is held to the registry of specs: every command of the CLI has a row
// (commands of a group may share one: `tools list|get|create|update|delete`), no row names a command
// that is not there, and a row of one command shows its arguments as its help does.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/commands/registry.js';
import { loadSpecs } from '../../src/commands/command.js';
import type { CommandSpec } from '../../src/definition/define.js';

// The specs load lazily (commands/command.ts): every one, for a test that walks them all.
await loadSpecs(COMMANDS);

const README = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');

/** The first cell of each row of the table under "## Commands", as written. */
function rows(): string[] {
  const start = README.indexOf('| command | what it does | example |');
  const table = README.slice(start, README.indexOf('\n\n', start));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => /^\| `([^`]*)`/.exec(line)![1]!.replace(/\\\|/g, '|'));
}

/** The commands a row names: `tools list|get` → tools list, tools get; `remove-tool|remove-llm <a>` → both. */
function commandsOf(row: string): string[] {
  const words = row.split(' ').filter((word) => !/^[<[-]|^[A-Z]+$/.test(word));
  const last = words.pop()!;
  return last.split('|').map((verb) => [...words, verb].join(' '));
}

const usage = (spec: CommandSpec) =>
  [
    spec.path,
    ...spec.args.map((arg) => {
      const name = `${arg.label ?? arg.name}${arg.variadic ? '...' : ''}`;
      return arg.required ? `<${name}>` : `[${name}]`;
    }),
  ].join(' ');

describe("README's command table", () => {
  const table = rows();
  const named = new Set(table.flatMap(commandsOf));
  const visible = COMMANDS.map((command) => command.spec).filter((spec) => !spec.path.startsWith('__'));

  it('has a row for every command of the registry', () => {
    expect(visible.map((spec) => spec.path).filter((path) => !named.has(path))).toEqual([]);
  });

  it('names no command the registry does not have', () => {
    const paths = new Set(visible.map((spec) => spec.path));
    expect([...named].filter((path) => !paths.has(path))).toEqual([]);
  });

  it("shows a single command's arguments as its help does", () => {
    const single = table.filter((row) => !row.includes('|') && /[<[]/.test(row));
    expect(single.length).toBeGreaterThan(5);
    for (const row of single) {
      const spec = visible.find((candidate) => candidate.path === commandsOf(row)[0])!;
      expect(row.replace(/ -\S+ \S+/g, ''), row).toBe(usage(spec));
    }
  });
});
