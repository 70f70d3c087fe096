// What a person sees when `agents invoke` streams into a terminal: the built binary in a real pty,
// its bytes rendered by a terminal emulator, the screen compared line by line. Tokens arrive in
// separate network writes, as real models send them; each stream is shown at 80 and 20 columns
// (wrapping) and in a pty that reports 0 columns, which must finish quickly with little output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drip, frame, splitBytes } from '../helpers/drip.js';
import { KEY, python, runInPty, type PtyStep } from '../helpers/pty.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { renderScreen } from '../helpers/screen.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const UTF8 = 'Привет, мир! 你好 👋 naïve café';
const TOOL_FRAME = `{'function': 'weather', 'args': '{"city": "Paris"}', 'response': 'Sunny, 21C'}`;

interface Stream {
  chunks: Array<string | Buffer>;
  delayMs: number;
  /** The lines under the session line, exactly. */
  lines: string[];
  code: number;
  /** Keys typed once the screen shows `expect` (Ctrl-C mid-answer). */
  steps?: PtyStep[];
}

const STREAMS: Record<string, Stream> = {
  slow: {
    chunks: ['one', ' two', ' three', ' four', ' five'].map((token) => frame(token)),
    delayMs: 200,
    lines: ['one two three four five'],
    code: 0,
  },
  utf8: {
    // The whole stream cut every 3 bytes: Cyrillic, CJK and the emoji straddle chunks.
    chunks: splitBytes(
      ['Привет,', ' мир!', ' 你好', ' 👋', ' naïve', ' café'].map((token) => frame(token)).join(''),
      3,
    ),
    delayMs: 5,
    lines: [UTF8],
    code: 0,
  },
  newlines: {
    // A "\n" token arrives as an empty data line; a token with a line break inside continues
    // on a colon-less line (the real service's framing, read leniently).
    chunks: [
      frame('first line'),
      frame(''),
      frame('second'),
      frame(' line'),
      frame(''),
      frame('third\ncontinued here'),
    ],
    delayMs: 60,
    lines: ['first line', 'second line', 'third', 'continued here'],
    code: 0,
  },
  tool: {
    chunks: [frame('It is'), frame(' sunny'), frame(TOOL_FRAME, 'function_call')],
    delayMs: 60,
    lines: ['It is sunny', '⚙ weather({"city":"Paris"}) → Sunny, 21C'],
    code: 0,
  },
  error: {
    chunks: [frame('partial'), frame(' answer'), frame('Error code: 500 - the model is down', 'error')],
    delayMs: 60,
    lines: [
      'partial answer',
      'error: the agent failed mid-answer: Error code: 500 - the model is down',
      'The partial answer above is kept.',
    ],
    code: 1,
  },
  interrupt: {
    chunks: ['one', ' two', ' three', ' four', ' five'].map((token) => frame(token)),
    // Ctrl-C is typed once "one two" shows: 1.5 s before " three" leaves room on a loaded machine.
    delayMs: 1500,
    lines: ['one two^C', 'interrupted'], // ^C is the terminal's own echo of the key
    code: 130,
    steps: [{ expect: 'one two', send: KEY.ctrlC }],
  },
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(async (req, res) => {
    const name = /\/agents\/([^/]+)\/invoke$/.exec(req.url ?? '')?.[1] ?? '';
    const stream = STREAMS[name];
    if (!stream) return void res.writeHead(404).end();
    await drip(res, stream.chunks, stream.delayMs);
  });
});
afterAll(() => server.close());

const env = () => ({
  AGENTS_CONFIG_DIR: tempConfigDir(),
  AGENTS_BASE_URL: server.url,
  AGENTS_TOKEN: 'tok_screen_test_123456',
});

describe.skipIf(!python())('invoke on a terminal', () => {
  for (const cols of [80, 20]) {
    for (const [name, stream] of Object.entries(STREAMS)) {
      it.concurrent(`${name} stream at ${cols} columns shows exactly what was streamed`, async () => {
        const result = await runInPty(['invoke', name, 'hello'], stream.steps ?? [], env(), {
          cols,
          rows: 30,
          maxSeconds: 15,
        });
        expect(result.failure).toBeNull();
        expect(result.code).toBe(stream.code);
        const screen = await renderScreen(result.bytes, cols, 30);
        expect(screen.lines[0]).toMatch(/^session [0-9a-f-]{36}$/);
        expect(screen.lines.slice(1)).toEqual(stream.lines);
        // Wrapping is the terminal's: every row of a long line is full but the last.
        if (cols === 20) expect(screen.rows.every((row) => row.length <= 20)).toBe(true);
      });
    }
  }

  for (const [name, stream] of Object.entries(STREAMS)) {
    it.concurrent(`${name} stream in a pty of 0 columns finishes within 5 s, under 64 KB`, async () => {
      const result = await runInPty(['invoke', name, 'hello'], stream.steps ?? [], env(), {
        cols: 0,
        rows: 0,
        maxSeconds: 5,
        maxBytes: 64 * 1024,
      });
      expect(result.failure).toBeNull();
      expect(result.code).toBe(stream.code);
      const screen = await renderScreen(result.bytes, 80, 30);
      expect(screen.lines.slice(1)).toEqual(stream.lines);
    });
  }
});
