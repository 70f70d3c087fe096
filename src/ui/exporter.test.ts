// The Exporter's own contract, below the commands: text and streams keep the line state a
// streamed answer ends on, a slow reader is waited for, the failure document of --json, and --jq.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { OutputStream } from '../deps.js';
import { captureStream } from '../../test/helpers/streams.js';
import { PLAIN_THEME } from './color-support.js';
import { Exporter, type OutputMode } from './exporter.js';
import { DOCUMENT_FORMATS, type DocumentFormat } from '../definition/output-formats.js';

/** --jq EXPR, as the program sets it up: the format's writer, loaded for the expression. */
const jq = async (out: Exporter, expression: string) => out.writeWith(await DOCUMENT_FORMATS.jq.load(expression));

const exporter = (mode: OutputMode = 'human', jsonText?: (json: string) => string) => {
  const stdout = captureStream();
  return { out: new Exporter(stdout, mode, PLAIN_THEME, jsonText), stdout };
};

describe('text, raw pieces and streams', () => {
  it('print nothing for an empty piece, and say nothing was printed', async () => {
    const { out, stdout } = exporter();
    out.raw('');
    out.text('');
    await out.stream('');
    expect([out.printed, stdout.text()]).toEqual([false, '']);
    await out.endStream();
    expect(stdout.text()).toBe(''); // nothing was open to end
  });

  it('end a stream or a raw piece with one newline only when it did not end with one', async () => {
    for (const [write, pieces, expected] of [
      ['stream', ['a', 'b'], 'ab\n'],
      ['stream', ['a\n'], 'a\n'],
      ['stream', ['\na'], '\na\n'],
      ['raw', ['a'], 'a\n'],
      ['raw', ['a\n'], 'a\n'],
      ['raw', ['\na'], '\na\n'],
    ] as const) {
      const { out, stdout } = exporter();
      for (const piece of pieces) await (write === 'stream' ? out.stream(piece) : out.raw(piece));
      expect(out.printed).toBe(true);
      await out.endStream();
      expect(stdout.text(), `${write} ${JSON.stringify(pieces)}`).toBe(expected);
    }
  });

  it('waits for a slow reader: a piece the stream cannot take returns once it has drained', async () => {
    const written: string[] = [];
    const slow = Object.assign(new EventEmitter(), {
      write: (chunk: string | Uint8Array) => written.push(String(chunk)) < 0, // always "full"
    }) as unknown as OutputStream;
    const out = new Exporter(slow, 'human', PLAIN_THEME);
    let returned = false;
    const writing = out.stream('piece').then(() => (returned = true));
    await Promise.resolve();
    expect([written, returned]).toEqual([['piece'], false]);
    (slow as unknown as EventEmitter).emit('drain');
    await writing;
    expect(returned).toBe(true);
  });

  it('hands stdout whole to a protocol, and counts it as printed', () => {
    const { out, stdout } = exporter();
    expect(out.channel()).toBe(stdout);
    expect(out.printed).toBe(true);
  });
});

describe('a result in each mode', () => {
  it('says who reads stdout: a person only in human mode, a program only under a document format', () => {
    const seen = (['human', 'quiet', 'document'] as const).map((mode) => {
      const { out } = exporter(mode);
      return [out.forPerson, out.forProgram];
    });
    expect(seen).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
  });

  it('prints the quiet lines under -q, nothing for none, and a text line once, with one line break', async () => {
    const quiet = exporter('quiet');
    await quiet.out.result({ id: 'x' }, { quiet: () => [] });
    expect([quiet.stdout.text(), quiet.out.printed]).toEqual(['', false]);
    await quiet.out.result({ id: 'x' }, { quiet: () => ['a', 'b'] });
    expect([quiet.stdout.text(), quiet.out.printed]).toEqual(['a\nb\n', true]);

    const human = exporter();
    await human.out.result({ id: 'x' }, { human: () => 'a table\n' });
    await human.out.endStream(); // the line ended: nothing to end
    expect([human.stdout.text(), human.out.printed]).toEqual(['a table\n', true]);
  });
});

describe('the failure document of --json', () => {
  const failure = { kind: 'not-found', message: 'agent "x" not found', exitCode: 5 };

  it('is the error under one key, indented, through the runner escape', () => {
    const stdout = captureStream();
    Exporter.failure(stdout, failure, DOCUMENT_FORMATS.json.failure, (json) => json.replace('not found', 'not FOUND'));
    expect(stdout.text()).toBe(
      '{\n  "error": {\n    "kind": "not-found",\n    "message": "agent \\"x\\" not FOUND",\n    "exitCode": 5\n  }\n}\n',
    );
  });

  it('is not printed under --jq: the filter was written for the result', () => {
    const stdout = captureStream();
    Exporter.failure(stdout, failure, (DOCUMENT_FORMATS.jq as DocumentFormat).failure, (json) => json);
    expect(stdout.text()).toBe('');
  });
});

describe('--jq', () => {
  it('prints nothing for an expression that gives no value, and each value of one that gives many', async () => {
    const { out, stdout } = exporter('document', (json) => `<${json}>`);
    await jq(out, '.[] | select(. > 1)');
    out.document([1, 2, 'three']);
    out.document([]);
    // A string as its text (no runner escape: it is not JSON); other values as JSON, escaped.
    expect(stdout.text()).toBe('<2>\nthree\n');
  });

  it('names an expression with a quote in it as the shell would take it back', async () => {
    const { out } = exporter('document');
    await expect(jq(out, `.["it's"`)).rejects.toThrow(/^--jq '\.\["it'\\''s"': syntax error, unexpected end of file/);
  });

  it("shows a string's control characters escaped on a terminal, and as they are in a pipe", async () => {
    const hostile = { name: 'Bot\u001b[2J\u001b]0;owned\u0007\nline two' };
    const terminal = captureStream(true);
    const onTerminal = new Exporter(terminal, 'document', PLAIN_THEME);
    await jq(onTerminal, '.name');
    onTerminal.document(hostile);
    expect(terminal.text()).toBe('Bot^[[2J^[]0;owned^G\nline two\n');
    const { out, stdout } = exporter('document');
    await jq(out, '.name');
    out.document(hostile);
    expect(stdout.text()).toBe(`${hostile.name}\n`);
  });

  it('indents a value for a person on a terminal, and keeps each NDJSON line one line there too', async () => {
    const terminal = captureStream(true);
    const out = new Exporter(terminal, 'document', PLAIN_THEME);
    await jq(out, '.');
    out.document({ a: [1] });
    out.event({ a: [1] });
    expect(terminal.text()).toBe('{\n  "a": [\n    1\n  ]\n}\n{"a":[1]}\n');
  });

  it('filters each NDJSON line on its own', async () => {
    const { out, stdout } = exporter('document');
    await jq(out, '.n');
    out.event({ n: 1 });
    out.event({ n: 'two' });
    expect(stdout.text()).toBe('1\ntwo\n');
  });
});
