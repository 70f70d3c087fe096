// every help page and topic fits 80 columns (wrapped, not cut), `help` takes a
// command's path in words or in one quoted string, and a command that does not exist is exit 2
// even when --help is given.
import { describe, expect, it } from 'vitest';
import { HELP_TOPICS } from './help-topics.js';
import { runCli } from '../../../test/helpers/run-cli.js';
import { commandPaths } from '../../../test/helpers/program-commands.js';

const tooWide = (text: string) => text.split('\n').filter((line) => line.length > 80);

describe('help pages', () => {
  const paths = commandPaths();

  it('reach every command (a broken walk would check nothing)', () => {
    expect(paths.length).toBeGreaterThan(40);
    expect(paths).toContainEqual(['config', 'set']);
  });

  it.each(paths.map((path) => [path.join(' ') || '(agents)', path]))(
    '`%s --help` fits 80 columns',
    async (_name, path) => {
      const result = await runCli([...path, '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage: agents');
      expect(tooWide(result.stdout)).toEqual([]);
    },
  );

  it.each(Object.keys(HELP_TOPICS))('`help %s` fits 80 columns', async (topic) => {
    const result = await runCli(['help', topic]);
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(100);
    expect(tooWide(result.stdout)).toEqual([]);
  });

  it('wraps a long example with a shell continuation, each piece whole', async () => {
    const { stdout } = await runCli(['create', '--help']);
    expect(stdout).toMatch(
      /\$ agents create --name "Docs bot" --description "answers doc questions" \\\n {6}--llm-model GPT_4_TURBO/,
    );
  });

  it('`help config set` and `help "config set"` both show the help of config set', async () => {
    const words = await runCli(['help', 'config', 'set']);
    const quoted = await runCli(['help', 'config set']);
    expect(words.code).toBe(0);
    expect(quoted.code).toBe(0);
    expect(words.stdout).toContain('Usage: agents config set');
    expect(quoted.stdout).toBe(words.stdout);
  });

  it.each([
    [['llms', 'delete', '--help'], "unknown command 'delete'"],
    [['nosuch', '-h'], "unknown command 'nosuch'"],
    [['--profile', 'x', 'tools', 'nosuch', '--help'], "unknown command 'nosuch'"],
  ])('%j is exit 2, naming the command, with where to look', async (argv, message) => {
    const result = await runCli(argv);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).toMatch(/--help` for usage/);
  });

  it('a real command with a flag that takes a value before it still gets its help', async () => {
    const result = await runCli(['--profile', 'x', 'llms', 'list', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: agents llms list');
  });
});
