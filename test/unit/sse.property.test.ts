// Any chunking of any event sequence decodes to the same events.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSse } from '../../src/api/sse.js';

// Token text as the real service sends it: anything but line breaks (those break its framing).
const token = fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => s.replace(/[\r\n]/g, ''));
const eventName = fc.constantFrom('message', 'function_call', 'error');
const eol = fc.constantFrom('\n', '\r\n', '\r');

const stream = fc.record({
  events: fc.array(fc.record({ event: eventName, data: token }), { maxLength: 12 }),
  eol,
});

function encode({ events, eol }: { events: Array<{ event: string; data: string }>; eol: string }): Uint8Array {
  const text = events.map((e) => `event: ${e.event}${eol}data: ${e.data}${eol}${eol}`).join('');
  return new TextEncoder().encode(text);
}

function expected(events: Array<{ event: string; data: string }>) {
  // The space after "data:" is framing (a token's own leading space survives); an empty message is the newline token.
  return events.map(({ event, data }) => ({ event, data: event === 'message' && data === '' ? '\n' : data }));
}

function chunk(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    out.push(bytes.subarray(start, point));
    start = point;
  }
  out.push(bytes.subarray(start));
  return out;
}

describe('SSE decoder properties', () => {
  it('decodes any chunking of any stream the same as the whole buffer, and as sent', () => {
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 20 }), (input, cuts) => {
        const bytes = encode(input);
        const whole = decodeSse([bytes]);
        expect(decodeSse(chunk(bytes, cuts))).toEqual(whole);
        expect(whole).toEqual(expected(input.events));
      }),
      { numRuns: 400 },
    );
  });
});
