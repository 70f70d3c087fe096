// #31 item 3: the Io decides the output mode, colour and width once; commands hand it their result.
import { describe, expect, it } from 'vitest';
import type { GlobalOptions } from '../../src/globals.js';
import { decideColours, PLAIN_THEME } from '../../src/ui/color-support.js';
import { Io } from '../../src/ui/io.js';
import { captureStream, stdinFrom } from '../helpers/streams.js';

const GLOBALS: GlobalOptions = {
  json: false,
  quiet: false,
  input: true,
  color: true,
  debug: false,
  showSecrets: false,
};

function ioWith(globals: Partial<GlobalOptions>, tty = false) {
  const stdout = Object.assign(captureStream(tty), { columns: 72 });
  const stderr = captureStream(tty);
  const deps = { stdout, stderr, stdin: stdinFrom(undefined, tty), env: {} };
  const io = new Io(deps, { ...GLOBALS, ...globals }, decideColours(deps, globals.color ?? true), () => PLAIN_THEME);
  return { io, stdout, stderr };
}

const record = { id: 'a1', name: 'n', apiKey: 'sk-live-123456' };

describe('Io', () => {
  it('prints a result as the document (--json), its ids (-q) or the text for a person', () => {
    const views = { quiet: () => ['a1', 'a2'], human: () => 'NAME  n' };
    const json = ioWith({ json: true });
    json.io.result(json.io.shown(record), views);
    expect(JSON.parse(json.stdout.text())).toEqual({ id: 'a1', name: 'n', apiKey: '[redacted]' });
    const quiet = ioWith({ quiet: true });
    quiet.io.result(record, views);
    expect(quiet.stdout.text()).toBe('a1\na2\n');
    const human = ioWith({});
    human.io.result(record, views);
    expect(human.stdout.text()).toBe('NAME  n\n');
  });

  it('prints nothing for a view that returns nothing, and shows secrets only when asked', () => {
    const { io, stdout } = ioWith({ showSecrets: true });
    io.result(record, { human: () => undefined });
    expect(stdout.text()).toBe('');
    expect(io.shown(record).apiKey).toBe('sk-live-123456');
  });

  it('knows the terminal: width and prompts only on one, colour per stream, none with --no-color', () => {
    const piped = ioWith({});
    expect([piped.io.columns, piped.io.interactive, piped.io.colours]).toEqual([
      undefined,
      false,
      { stdout: false, stderr: false },
    ]);
    const terminal = ioWith({}, true);
    expect([terminal.io.columns, terminal.io.interactive, terminal.io.colours]).toEqual([
      72,
      true,
      { stdout: true, stderr: true },
    ]);
    expect(ioWith({ color: false }, true).io.colours).toEqual({ stdout: false, stderr: false });
    expect(ioWith({ input: false }, true).io.interactive).toBe(false);
  });
});
