// `agents chat` as a person sees it: the built binary in a pty against the emulator (which streams
// token by token), the screen rendered and compared line by line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/server.js';
import { runBinary } from '../helpers/binary.js';
import { emulatorWithAgent, type EmulatorWithAgent } from '../helpers/emulator-agent.js';
import { KEY, python, runInPty } from '../helpers/pty.js';
import { renderScreen } from '../helpers/screen.js';

let emulator: RunningEmulator;
let env: Record<string, string>;
let agentId: string;
beforeAll(async () => {
  ({ emulator, env, agentId } = await emulatorWithAgent('Chatty', 15));
});
afterAll(() => emulator.close());

const invokes = () => emulator.requests.filter((r) => r.path.endsWith('/invoke')).length;

describe.skipIf(!python())('chat on a terminal', () => {
  it('two turns: each turn and each reply on its own lines, nothing overwritten', async () => {
    const result = await runInPty(
      ['chat', agentId],
      [
        { expect: 'you› ', send: 'I like tea' + KEY.enter },
        { expect: 'sunny in the emulator\\.[\\s\\S]*you› ', send: 'What did I say?' + KEY.enter },
        { expect: 'turn 2 of the session[\\s\\S]*you› ', send: '/exit' + KEY.enter },
      ],
      env,
      { cols: 100, rows: 30 },
    );
    expect(result.failure).toBeNull();
    expect(result.code).toBe(0);
    const { lines } = await renderScreen(result.bytes, 100, 30);
    expect(lines[0]).toBe(
      `Chatting with agent Chatty (${agentId.slice(0, 8)}). /help lists the commands, /exit or Ctrl-D leaves.`,
    );
    expect(lines[1]).toMatch(/^session [0-9a-f-]{36}$/);
    expect(lines.slice(2)).toEqual([
      'you› I like tea',
      'You said: "I like tea".',
      'This is turn 1 of the session — it is 21°C and sunny in the emulator.',
      'you› What did I say?',
      'Earlier you said: "I like tea". Now you said: "What did I say?".',
      'This is turn 2 of the session — it is 21°C and sunny in the emulator.',
      'you› /exit',
    ]);
  });

  it('/help and unknown commands are answered locally, //text is sent, Ctrl-C twice at the prompt leaves with 0', async () => {
    const before = invokes();
    const result = await runInPty(
      ['chat', agentId],
      [
        { expect: 'you› ', send: '/help' + KEY.enter },
        { expect: 'this list[\\s\\S]*you› ', send: '/wat now' + KEY.enter },
        { expect: 'not sent[\\s\\S]*you› ', send: '//etc/hosts is a file' + KEY.enter },
        { expect: 'turn 1 of the session[\\s\\S]*you› ', send: 'typed, then' },
        { expect: 'typed, then', send: KEY.ctrlC },
        { expect: 'you› ', send: KEY.ctrlC },
        { expect: 'press Ctrl-C again or Ctrl-D to leave', send: KEY.ctrlC },
      ],
      env,
      { cols: 100, rows: 30 },
    );
    expect(result.failure).toBeNull();
    expect(result.code).toBe(0);
    expect(invokes()).toBe(before + 1); // only the //text line reached the agent
    const { lines } = await renderScreen(result.bytes, 100, 30);
    expect(lines).toContain('/exit    leave (also /quit, Ctrl-D, or Ctrl-C twice at the prompt)');
    expect(lines).toContain(
      'unknown command /wat: not sent. /help lists the commands; //text sends text that starts with /.',
    );
    expect(lines).toContain('You said: "/etc/hosts is a file".');
    // The first Ctrl-C cleared the typed text: it is not on the screen any more, and was never sent.
    expect(lines.join('\n')).not.toContain('typed, then');
    expect(lines.filter((line) => line === '(press Ctrl-C again or Ctrl-D to leave)')).toHaveLength(1);
  });
});

describe('chat over a pipe', () => {
  // Answers at once: a listener piles up per turn whatever the pace, and 20 paced answers took 8 s.
  let quick: EmulatorWithAgent;
  beforeAll(async () => {
    quick = await emulatorWithAgent('Quick', 0);
  });
  afterAll(() => quick.emulator.close());

  it('20 turns leave stderr clean: no abort listener piles up per turn', async () => {
    const input = Array.from({ length: 20 }, (_v, i) => `turn ${i + 1}`).join('\n') + '\n';
    const result = await runBinary(['chat', quick.agentId], { env: quick.env, input });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('This is turn 20 of the session');
    expect(result.stderr).toMatch(/^session [0-9a-f-]{36}\n$/);
  });
});
