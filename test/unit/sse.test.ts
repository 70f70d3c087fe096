import { describe, expect, it } from 'vitest';
import { decodeSse, SseDecoder, type SseEvent } from '../../src/api/sse.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const decode = (text: string, options?: { lenient?: boolean }) => decodeSse([bytes(text)], options);

/** Every way of cutting the stream in two, plus one byte at a time. */
function everySplit(raw: Uint8Array): Uint8Array[][] {
  const splits: Uint8Array[][] = [];
  for (let cut = 0; cut <= raw.length; cut++) splits.push([raw.subarray(0, cut), raw.subarray(cut)]);
  splits.push(Array.from(raw, (_b, i) => raw.subarray(i, i + 1)));
  return splits;
}

describe('SSE decoder', () => {
  it("decodes the real service's transcript: raw tokens, an empty data line as a newline, a tool call", () => {
    const transcript =
      'event: message\ndata: It\n\n' +
      'event: message\ndata:  is sunny\n\n' +
      'event: message\ndata: \n\n\n' +
      'event: message\ndata: Enjoy!\n\n' +
      "event: function_call\ndata: {'function': 'weather', 'args': '{\"city\": \"Paris\"}', 'response': 'Sunny, 21C'}\n\n";
    expect(decode(transcript)).toEqual([
      { event: 'message', data: 'It' },
      { event: 'message', data: ' is sunny' },
      { event: 'message', data: '\n' },
      { event: 'message', data: 'Enjoy!' },
      {
        event: 'function_call',
        data: "{'function': 'weather', 'args': '{\"city\": \"Paris\"}', 'response': 'Sunny, 21C'}",
      },
    ]);
  });

  it('joins a colon-less line after a data line as the rest of a token that held a newline', () => {
    expect(decode('event: message\ndata: foo\nbar\n\n')).toEqual([{ event: 'message', data: 'foo\nbar' }]);
    expect(decode('event: message\ndata: a\nkey: value\n\n')).toEqual([{ event: 'message', data: 'a\nkey: value' }]);
  });

  it('strict mode follows the standard: continuation lines are ignored, an empty data stays empty', () => {
    expect(decode('data: foo\nbar\n\n', { lenient: false })).toEqual([{ event: 'message', data: 'foo' }]);
    expect(decode('data:\n\n', { lenient: false })).toEqual([{ event: 'message', data: '' }]);
  });

  it('joins several data lines, strips one space only, ignores comments and retry, keeps id', () => {
    expect(decode(': keep-alive\nretry: 10\nid: 7\nevent: x\ndata:a\ndata:  b\n\n')).toEqual([
      { event: 'x', data: 'a\n b', id: '7' },
    ]);
  });

  it('does not dispatch an event without data', () => {
    expect(decode('event: message\n\n\n')).toEqual([]);
  });

  it('accepts LF, CR and CRLF line endings', () => {
    const expected: SseEvent[] = [
      { event: 'message', data: 'one' },
      { event: 'message', data: 'two' },
    ];
    for (const eol of ['\n', '\r', '\r\n']) {
      expect(decode(`data: one${eol}${eol}data: two${eol}${eol}`)).toEqual(expected);
    }
  });

  it('dispatches a last event when the connection closes without a blank line', () => {
    expect(decode('event: message\ndata: last')).toEqual([{ event: 'message', data: 'last' }]);
  });

  it('reads a multi-line error event', () => {
    expect(decode('event: error\ndata: Error code: 401\n{"error": "bad key"}\n\n')).toEqual([
      { event: 'error', data: 'Error code: 401\n{"error": "bad key"}' },
    ]);
  });

  it('drops a byte-order mark at the start of the stream', () => {
    expect(decode('\uFEFFdata: hi\n\n')).toEqual([{ event: 'message', data: 'hi' }]);
  });

  it('gives the same events however the bytes are cut, multi-byte characters and CRLF included', () => {
    const text =
      'event: message\r\ndata: Привет\r\n\r\n' +
      'event: message\r\ndata: 你好\r\n\r\n' +
      'event: message\r\ndata: 👋🏽 👩‍👩‍👧\r\n\r\n' +
      'event: message\r\ndata: \r\n\r\n' +
      'event: error\r\ndata: сбой\r\n\r\n';
    const whole = decode(text);
    expect(whole).toEqual([
      { event: 'message', data: 'Привет' },
      { event: 'message', data: '你好' },
      { event: 'message', data: '👋🏽 👩‍👩‍👧' },
      { event: 'message', data: '\n' },
      { event: 'error', data: 'сбой' },
    ]);
    for (const chunks of everySplit(bytes(text))) expect(decodeSse(chunks)).toEqual(whole);
  });

  it('a CR at the end of one chunk and LF at the start of the next is one line break', () => {
    const decoder = new SseDecoder();
    expect(decoder.push(bytes('data: a\r'))).toEqual([]);
    expect(decoder.push(bytes('\n\r'))).toEqual([{ event: 'message', data: 'a' }]);
    expect(decoder.push(bytes('\n'))).toEqual([]);
    expect(decoder.end()).toEqual([]);
  });

  it('a CR inside a chunk, followed by more text, does not swallow an LF that starts the next chunk', () => {
    const decoder = new SseDecoder();
    // "data: a" CR "data: b" | LF LF: the LF ends the "data: b" line, then the blank line dispatches.
    expect(decoder.push(bytes('data: a\rdata: b'))).toEqual([]);
    expect(decoder.push(bytes('\n\n'))).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});

describe('SSE decoder: fields after a data line, line endings, bare fields', () => {
  it('lenient: id:, retry: and event: after a data line are fields, not more of the token', () => {
    expect(decode('data: a\nid: 7\nretry: 100\nevent: done\ndata: b\n\n')).toEqual([
      { event: 'done', data: 'a\nb', id: '7' },
    ]);
  });

  it('lenient: a line with no colon, or an unknown field, right after data continues the token', () => {
    expect(decode('event: message\ndata: line one\nline two\nfoo: three\n\n')).toEqual([
      { event: 'message', data: 'line one\nline two\nfoo: three' },
    ]);
  });

  it('strict: those lines are unknown fields and are dropped', () => {
    expect(decode('event: message\ndata: line one\nline two\nfoo: three\n\n', { lenient: false })).toEqual([
      { event: 'message', data: 'line one' },
    ]);
  });

  it('a bare "data" line (no colon) is an empty data value', () => {
    expect(decode('event: x\ndata\n\n', { lenient: false })).toEqual([{ event: 'x', data: '' }]);
    expect(decode('data\ndata\n\n', { lenient: false })).toEqual([{ event: 'message', data: '\n' }]);
  });

  it('LF, CR and CRLF mixed in one stream, whatever the cut', () => {
    const raw = bytes('data: a\r\n\r\ndata: b\r\rdata: c\n\ndata: d\r\n\n');
    for (const chunks of everySplit(raw)) {
      expect(decodeSse(chunks)).toEqual([
        { event: 'message', data: 'a' },
        { event: 'message', data: 'b' },
        { event: 'message', data: 'c' },
        { event: 'message', data: 'd' },
      ]);
    }
  });

  it('an id with a NUL is ignored; the last id sticks to later events; comments are skipped', () => {
    expect(decode(': hi\nid: 1\ndata: a\n\nid: 2\u0000\ndata: b\n\n')).toEqual([
      { event: 'message', data: 'a', id: '1' },
      { event: 'message', data: 'b', id: '1' },
    ]);
  });

  it('a byte-order mark at the start is dropped; only there', () => {
    expect(decode('\ufeffdata: a\n\ndata: \ufeffb\n\n')).toEqual([
      { event: 'message', data: 'a' },
      { event: 'message', data: '\ufeffb' },
    ]);
  });
});

describe('SSE decoder: each rule pinned by a stream only it explains', () => {
  it('lenient: retry: and id: straight after a data line are still fields', () => {
    expect(decode('data: a\nretry: 100\ndata: b\nid: 7\nevent: done\n\n')).toStrictEqual([
      { event: 'done', data: 'a\nb', id: '7' },
    ]);
  });

  it('lenient: a line before any data is never a continuation; nor one after a non-data field or a dispatch', () => {
    expect(decode('hello\ndata: a\n\n')).toStrictEqual([{ event: 'message', data: 'a' }]);
    expect(decode('data: a\nid: 1\nrest\n\n')).toStrictEqual([{ event: 'message', data: 'a', id: '1' }]);
    expect(decode('data: a\n\nrest\ndata: b\n\n')).toStrictEqual([
      { event: 'message', data: 'a' },
      { event: 'message', data: 'b' },
    ]);
  });

  it('lenient: a comment after data stays a comment; a bare "data" after data is token text', () => {
    expect(decode('data: a\n: keep-alive\n\n')).toStrictEqual([{ event: 'message', data: 'a' }]);
    expect(decode('data: a\ndata\n\n')).toStrictEqual([{ event: 'message', data: 'a\ndata' }]);
  });

  it('strict: an empty data line is an empty event, not a newline; no id key without an id', () => {
    expect(decode('data:\n\n', { lenient: false })).toStrictEqual([{ event: 'message', data: '' }]);
    expect(decode('data:\n\n')).toStrictEqual([{ event: 'message', data: '\n' }]);
  });

  it('a CR at the end of a chunk, then an empty chunk, then the LF: one line break', () => {
    expect(decodeSse([bytes('data: a\r'), bytes(''), bytes('\ndata: b\n\n')])).toStrictEqual([
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('a byte-order mark is dropped from the first line only, not from a later line', () => {
    expect(decode('data: a\n\n\ufeffdata: b\n\n')).toStrictEqual([{ event: 'message', data: 'a' }]);
  });
});

describe('SSE decoder: the last two rules', () => {
  it('lenient: event: straight after a data line is a field', () => {
    expect(decode('data: a\nevent: done\n\n')).toStrictEqual([{ event: 'done', data: 'a' }]);
  });

  it('a CRLF whose CR is the second character of the text, then more lines', () => {
    expect(decode('x\r\ndata: a\n\n')).toStrictEqual([{ event: 'message', data: 'a' }]);
  });

  it('a byte-order mark after a leading line break is not at the start: that line is not an event', () => {
    expect(decode('\n\ufeffdata: a\n\n')).toStrictEqual([]);
  });

  it('lenient: only a message event turns an empty data line into a newline', () => {
    expect(decode('event: status\ndata:\n\n')).toStrictEqual([{ event: 'status', data: '' }]);
  });
});
