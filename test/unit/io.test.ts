// The output mode, colour and width are decided once: the Exporter owns stdout and prints each
// command's result in the mode asked for; the Io knows the terminal side (prompts, colour, secrets).
import { describe, expect, it } from 'vitest';
import type { GlobalOptions } from '../../src/definition/global-flags.js';
import { decideColours, PLAIN_THEME } from '../../src/ui/color-support.js';
import { Exporter, type OutputMode } from '../../src/ui/exporter.js';
import { Io } from '../../src/ui/io.js';
import { captureStream, stdinFrom } from '../helpers/streams.js';
import { lineGlobals } from '../helpers/globals.js';

const GLOBALS = lineGlobals({ color: true });

function ioWith(globals: Partial<GlobalOptions>, tty = false) {
  const stdout = Object.assign(captureStream(tty), { columns: 72 });
  const stderr = captureStream(tty);
  const deps = { stdout, stderr, stdin: stdinFrom(undefined, tty), env: {} };
  const all = { ...GLOBALS, ...globals };
  const io = new Io(deps, all, decideColours(deps, globals.color ?? true), () => PLAIN_THEME);
  const mode: OutputMode = all.json ? 'document' : all.quiet ? 'quiet' : 'human';
  return { io, out: new Exporter(stdout, mode, PLAIN_THEME), stdout, stderr };
}

const record = { id: 'a1', name: 'n', apiKey: 'sk-live-123456' };

describe('the Exporter and the Io', () => {
  it('print a result as the document (--json), its ids (-q) or the text for a person', async () => {
    const views = { quiet: () => ['a1', 'a2'], human: () => 'NAME  n' };
    const json = ioWith({ json: true });
    await json.out.result(json.io.shown(record), views);
    expect(JSON.parse(json.stdout.text())).toEqual({ id: 'a1', name: 'n', apiKey: '[redacted]' });
    const quiet = ioWith({ quiet: true });
    await quiet.out.result(record, views);
    expect(quiet.stdout.text()).toBe('a1\na2\n');
    const human = ioWith({});
    await human.out.result(record, views);
    expect(human.stdout.text()).toBe('NAME  n\n');
  });

  it('print nothing for a view that returns nothing, and show secrets only when asked', async () => {
    const { io, out, stdout } = ioWith({ showSecrets: true });
    await out.result(record, { human: () => undefined });
    expect(stdout.text()).toBe('');
    expect(out.printed).toBe(false);
    expect(io.shown(record).apiKey).toBe('sk-live-123456');
  });

  it('stream an answer as it comes and end it with one line break, NDJSON one line each, raw text as given', async () => {
    const { out, stdout } = ioWith({});
    await out.stream('Hel');
    await out.stream('lo');
    await out.endStream();
    out.event({ type: 'done' });
    out.raw('{"a":1}');
    expect(stdout.text()).toBe('Hello\n{"type":"done"}\n{"a":1}');
  });

  it('know the terminal: width and prompts only on one, colour per stream, none with --no-color', () => {
    const piped = ioWith({});
    expect([piped.out.columns, piped.out.isTerminal, piped.io.interactive, piped.io.colours]).toEqual([
      undefined,
      false,
      false,
      { stdout: false, stderr: false },
    ]);
    const terminal = ioWith({}, true);
    expect([terminal.out.columns, terminal.out.isTerminal, terminal.io.interactive, terminal.io.colours]).toEqual([
      72,
      true,
      true,
      { stdout: true, stderr: true },
    ]);
    expect(ioWith({ color: false }, true).io.colours).toEqual({ stdout: false, stderr: false });
    expect(ioWith({ input: false }, true).io.interactive).toBe(false);
  });
});
