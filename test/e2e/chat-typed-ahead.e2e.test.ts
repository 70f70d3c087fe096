// chat keeps every line it is given at a terminal: lines typed while an answer streams are turns of
// their own, sent in order and shown once when their turn comes; lines pasted without bracketed
// paste are a turn each; Ctrl-D with a paste waiting sends the paste, then leaves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/server.js';
import { emulatorWithAgent } from '../helpers/emulator-agent.js';
import { KEY, python, runInPty } from '../helpers/pty.js';

let emulator: RunningEmulator;
let env: Record<string, string>;
let agentId: string;
beforeAll(async () => ({ emulator, env, agentId } = await emulatorWithAgent('Ahead', 40)));
afterAll(() => emulator.close());

const count = (text: string, part: string) => text.split(part).length - 1;
const flat = (screen: string) => screen.replace(/\r/g, '');

describe.skipIf(!python())('chat keeps every line', () => {
  it('lines typed during an answer are sent in order, a turn each, each shown once when its turn comes', async () => {
    const result = await runInPty(
      ['chat', agentId],
      [
        { expect: 'you› ', send: 'q1 [[slow]]' + KEY.enter },
        { expect: 'You said', send: 'q2' + KEY.enter + 'q3' + KEY.enter + 'q4' },
        { expect: 'turn 3 of the session[\\s\\S]*you› q4', send: KEY.enter },
        { expect: 'turn 4 of the session[\\s\\S]*you› ', send: '/exit' + KEY.enter },
      ],
      env,
    );
    expect(result.failure).toBeNull();
    expect(result.code).toBe(0);
    const screen = flat(result.screen);
    for (const line of ['q2', 'q3', 'q4']) {
      expect(count(screen, `you› ${line}\n`)).toBe(1);
      expect(screen).toContain(`"${line}"`); // the agent answered it
    }
    // In order: q2's answer before q3's before q4's.
    expect(screen.indexOf('"q2"')).toBeLessThan(screen.indexOf('"q3"'));
    expect(screen.indexOf('"q3"')).toBeLessThan(screen.indexOf('"q4"'));
    // Not echoed into the answer that was streaming when they were typed.
    expect(screen.slice(screen.indexOf('You said'), screen.indexOf('turn 1 of the session'))).not.toContain('q2');
  });

  it('three lines pasted without bracketed paste are three turns', async () => {
    const result = await runInPty(
      ['chat', agentId],
      [
        { expect: 'you› ', send: 'p1' + KEY.enter + 'p2' + KEY.enter + 'p3' + KEY.enter },
        { expect: 'turn 3 of the session[\\s\\S]*you› ', send: '/exit' + KEY.enter },
      ],
      env,
    );
    expect(result.failure).toBeNull();
    expect(result.code).toBe(0);
    const screen = flat(result.screen);
    for (const line of ['p1', 'p2', 'p3']) expect(screen).toContain(`"${line}"`);
    expect(count(screen, 'you› p2\n')).toBe(1);
  });

  it('Ctrl-D while a bracketed paste waits for Enter sends the paste, then leaves', async () => {
    const result = await runInPty(
      ['chat', agentId],
      [
        { expect: 'you› ', send: '\u001b[200~first line\rsecond line\r\u001b[201~' },
        { expect: 'second line', send: KEY.ctrlD },
      ],
      env,
    );
    expect(result.failure).toBeNull();
    expect(result.code).toBe(0);
    expect(flat(result.screen)).toContain('"first line\nsecond line"');
    expect(result.screen).toContain('turn 1 of the session');
  });
});
