// The program is made from the registry of specs: every command a stub with its summary until it
// runs or its help is asked for, then filled from its spec. The answers are the same as with every
// command built.
import type { Command as Commander } from 'commander';
import { describe, expect, it } from 'vitest';
import { createProgram, fillCommand } from './commands/program.js';
import { COMMANDS, GROUPS } from './commands/registry.js';
import { loadSpecs } from './commands/command.js';
import type { Deps } from './deps.js';
import { PLAIN_THEME } from './ui/color-support.js';
import { run } from './cli.js';
import { captureStream, stdinFrom } from '../test/helpers/streams.js';
import { runCli } from '../test/helpers/run-cli.js';

// The specs load lazily (commands/command.ts): every one, for a test that walks them all.
await loadSpecs(COMMANDS);

const deps = (): Deps => ({ stdout: captureStream(), stderr: captureStream(), stdin: stdinFrom(), env: {} });
const program = () => createProgram(deps(), () => PLAIN_THEME, COMMANDS, GROUPS);

/** Every command of commander's program by its path, with how many options it has now. */
function optionsByPath(root: Commander): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (command: Commander, path: string[]) => {
    for (const sub of command.commands) {
      const at = [...path, sub.name()];
      found.set(at.join(' '), sub.options.length);
      walk(sub, at);
    }
  };
  walk(root, []);
  return found;
}

const runnable = COMMANDS.map((command) => command.spec.path);

describe('the program made from the registry', () => {
  it('has every command of the registry at its path, and only those and their groups', () => {
    const paths = [...optionsByPath(program()).keys()];
    expect(paths.filter((path) => !runnable.includes(path)).sort()).toEqual(Object.keys(GROUPS).sort());
    expect(runnable.filter((path) => !paths.includes(path))).toEqual([]);
  });

  it('holds every command as a stub until it is filled from its spec', async () => {
    const root = program();
    expect([...optionsByPath(root).values()].every((count) => count === 0)).toBe(true);
    const create = root.commands.find((command) => command.name() === 'create')!;
    await fillCommand(create);
    expect(create.options.map((option) => option.long)).toContain('--llm-model');
    expect([...optionsByPath(root)].filter(([, count]) => count > 0).map(([path]) => path)).toEqual(['create']);
  });

  it('running a command fills that command alone', async () => {
    const root = program();
    await root.parseAsync(['models', '--json'], { from: 'user' });
    const filled = [...optionsByPath(root)].filter(([, count]) => count > 0).map(([path]) => path);
    // models has no flags of its own: filled, it still has none, and nothing else was filled.
    expect(filled).toEqual([]);
    await root
      .parseAsync(['tools', 'list', '--limit', '1', '--base-url', 'http://127.0.0.1:9'], { from: 'user' })
      .catch(() => undefined);
    expect([...optionsByPath(root)].filter(([, count]) => count > 0).map(([path]) => path)).toEqual(['tools list']);
  });

  it("each command's --help is the page `agents help` prints for it", async () => {
    for (const path of runnable) {
      const words = path.split(' ');
      const alone = await runCli([...words, '--help']);
      const fromHelp = await runCli(['help', ...words]);
      expect(alone.stdout, path).toBe(fromHelp.stdout);
      expect(alone.stdout, path).toContain(`Usage: agents ${path}`);
    }
  });

  it('an unknown flag or subcommand gets its error and a suggestion', async () => {
    const flag = await runCli(['create', '--nmae', 'x']);
    expect([flag.code, flag.stderr]).toEqual([2, expect.stringContaining('Did you mean --name?')]);
    const verb = await runCli(['tools', 'lst']);
    expect([verb.code, verb.stderr]).toEqual([2, expect.stringContaining('Did you mean list?')]);
    const command = await runCli(['crate']);
    expect([command.code, command.stderr]).toEqual([2, expect.stringContaining('Did you mean create?')]);
    const withHelp = await runCli(['llms', 'delete', '--help']);
    expect([withHelp.code, withHelp.stdout, withHelp.stderr]).toEqual([
      2,
      '',
      expect.stringContaining("unknown command 'delete'"),
    ]);
  });
});

describe('stdin', () => {
  it('is never made by a command that reads no input (making process.stdin costs ~2 ms of every start)', async () => {
    let made = 0;
    const given: Deps = {
      stdout: captureStream(),
      stderr: captureStream(),
      get stdin() {
        made++;
        return stdinFrom('piped\n');
      },
      env: {},
    };
    expect(await run(['models', '--json'], given)).toBe(0);
    expect(made).toBe(0);
    // and it is there for one that does
    expect(await run(['create', '--file', '-', '--base-url', 'http://127.0.0.1:9'], given)).not.toBe(0);
    expect(made).toBeGreaterThan(0);
  });
});
