// The program builds only the command a line names: the same answers as with every command built.
import { describe, expect, it } from 'vitest';
import { commandWord, createProgram, topLevelCommands } from './cli.js';
import type { Deps } from './deps.js';
import { captureStream, stdinFrom } from '../test/helpers/streams.js';
import { runCli } from '../test/helpers/run-cli.js';

const deps = (): Deps => ({ stdout: captureStream(), stderr: captureStream(), stdin: stdinFrom(), env: {} });
const names = (argv?: string[]) => createProgram(deps(), undefined, argv).commands.map((command) => command.name());

describe('the command a line names', () => {
  it('is the first word that is not a global flag or its value', () => {
    expect(commandWord(createProgram(deps()), ['create', '--name', 'x'])).toBe('create');
    expect(commandWord(createProgram(deps()), ['--base-url', 'http://h', '--json', 'list'])).toBe('list');
    expect(commandWord(createProgram(deps()), ['--profile=ci', '-q', '--timeout', '5', 'get', 'a'])).toBe('get');
    expect(commandWord(createProgram(deps()), ['--no-color', 'tools', 'list'])).toBe('tools');
  });

  it('is none when something else comes first, so commander sees every command', () => {
    for (const argv of [[], ['-h'], ['--help', 'create'], ['--nope', 'create'], ['--', 'create'], ['-qx', 'create']])
      expect(commandWord(createProgram(deps()), argv), argv.join(' ')).toBeUndefined();
  });

  it('each entry of the table makes the command it is named by, and the table holds them all', () => {
    const made = topLevelCommands(deps()).map(([name, make]) => [name, make().name()]);
    expect(made.filter(([name, built]) => name !== built)).toEqual([]);
    expect([...made.map(([name]) => name), 'help']).toEqual(names());
  });

  it('builds that command alone, and every command for help, completion and an unknown word', () => {
    expect(names(['create', '--name', 'x'])).toEqual(['create', 'help']);
    expect(names(['--json', 'add-tool', 'a', 'b'])).toEqual(['add-tool', 'help']);
    const all = names();
    expect(all.length).toBeGreaterThan(30);
    for (const argv of [['help', 'create'], ['completion', 'bash'], ['crate'], ['--version']])
      expect(names(argv), argv.join(' ')).toEqual(all);
  });

  it("each command's --help is the help that `agents help` prints with every command built", async () => {
    for (const [name] of topLevelCommands(deps())) {
      const alone = await runCli([name, '--help']);
      const withAll = await runCli(['help', name]);
      expect(alone.stdout, name).toBe(withAll.stdout);
      expect(alone.stdout, name).toContain(`Usage: agents ${name}`);
    }
  });

  it('an unknown flag or subcommand gets the same error and suggestion as before', async () => {
    const flag = await runCli(['create', '--nmae', 'x']);
    expect([flag.code, flag.stderr]).toEqual([2, expect.stringContaining('Did you mean --name?')]);
    const verb = await runCli(['tools', 'lst']);
    expect([verb.code, verb.stderr]).toEqual([2, expect.stringContaining('Did you mean list?')]);
    const command = await runCli(['crate']);
    expect([command.code, command.stderr]).toEqual([2, expect.stringContaining('Did you mean create?')]);
  });
});
