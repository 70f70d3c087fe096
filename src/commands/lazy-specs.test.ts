// Only the command on the line has its spec loaded: a new command costs the others nothing. The
// registry's own commands are loaded by other tests of this process, so these use commands made here.
import { describe, expect, it } from 'vitest';
import { defineSpec } from '../definition/define.js';
import { command, type Command } from './command.js';
import { loadSpecsOfLine } from './program.js';

/** Commands at these paths whose specs record that they were loaded. */
function commandsAt(paths: string[]): { commands: Command[]; loaded: string[] } {
  const loaded: string[] = [];
  const commands = paths.map((path) =>
    command(
      path,
      async () => {
        loaded.push(path);
        return defineSpec({ path, summary: `the ${path} command`, args: [], flags: {}, examples: [] });
      },
      async () => () => undefined,
    ),
  );
  return { commands, loaded };
}

const PATHS = ['create', 'list', 'tools list', 'tools get', 'logs', 'logs show'];
const GROUPS = { tools: { summary: 'tools', examples: [] } };

describe('the specs a line loads', () => {
  for (const [line, expected] of [
    [['create', '-q', '--name', 'x'], ['create']],
    [['--profile', 'list', 'create'], ['create']], // a global flag's value is no command's name
    [['--base-url=http://x', 'tools', 'get', 'id'], ['tools get']],
    [['logs', 'show', '1'], ['logs show']],
  ] as const) {
    it(`agents ${line.join(' ')}: ${expected.join(', ')} alone`, async () => {
      const { commands, loaded } = commandsAt(PATHS);
      await loadSpecsOfLine(line, commands, GROUPS);
      expect(loaded).toEqual(expected);
    });
  }

  // Help of a group or of the program lists summaries: every spec then (the check can fail).
  for (const line of [[], ['--help'], ['tools'], ['tools', '--help'], ['logs'], ['creat'], ['--', 'create']]) {
    it(`agents ${line.join(' ')}: every spec`, async () => {
      const { commands, loaded } = commandsAt(PATHS);
      await loadSpecsOfLine(line, commands, GROUPS);
      expect(loaded.sort()).toEqual([...PATHS].sort());
    });
  }

  it('a spec read before it is loaded is a mistake the program names', async () => {
    const { commands } = commandsAt(['create']);
    expect(() => commands[0]!.spec).toThrow('the spec of "agents create" was read before it was loaded');
    await commands[0]!.loadSpec();
    expect(commands[0]!.spec.summary).toBe('the create command');
  });

  it('a registry path that loads the spec of another command is refused', async () => {
    const wrong = command(
      'create',
      async () => defineSpec({ path: 'update', summary: 'u', args: [], flags: {}, examples: [] }),
      async () => () => undefined,
    );
    await expect(wrong.loadSpec()).rejects.toThrow('the registry\'s "create" loaded the spec of "update"');
  });
});
