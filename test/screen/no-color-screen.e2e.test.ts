// NO_COLOR, --no-color and FORCE_COLOR=0 remove every colour and style on a terminal: the
// spinner's, the prompts', the tables' and the errors'. A run with colour on is the control that
// shows the check would see them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/server.js';
import { emulatorWithAgent } from '../helpers/emulator-agent.js';
import { KEY, python, runInPty, type PtyStep } from '../helpers/pty.js';
import { SGR } from '../helpers/screen.js';

let emulator: RunningEmulator;
let base: Record<string, string>;
let agentId: string;
beforeAll(async () => {
  // Slow enough that the spinner is drawn before the first token.
  ({ emulator, env: base, agentId } = await emulatorWithAgent('Plain', 40));
});
afterAll(() => emulator.close());

const WIZARD: PtyStep[] = [
  { expect: 'Name', send: 'Plain bot' + KEY.enter },
  { expect: 'Description', send: 'no colours' + KEY.enter },
  { expect: 'LLM model', send: 'GPT_4_1106' },
  { expect: 'GPT_4_1106_PREVIEW', send: KEY.enter },
  { expect: 'Prompt', send: KEY.enter },
  { expect: 'Initial message', send: KEY.enter },
  { expect: 'Avatar URL', send: KEY.enter },
  { expect: 'Active\\?', send: KEY.enter },
  { expect: 'Create this agent\\?', send: KEY.enter },
];

const RUNS: Array<{ name: string; args: () => string[]; steps?: PtyStep[] }> = [
  { name: 'invoke (spinner, session line, answer)', args: () => ['invoke', agentId, 'hello'] },
  {
    name: 'chat',
    args: () => ['chat', agentId],
    steps: [
      { expect: 'you› ', send: 'hi' + KEY.enter },
      { expect: 'emulator\\.[\\s\\S]*you› ', send: '/exit' + KEY.enter },
    ],
  },
  { name: 'the create wizard', args: () => ['create'], steps: WIZARD },
  { name: 'list and its table', args: () => ['list'] },
  { name: 'an error', args: () => ['get', 'no-such-agent'] },
];

const SWITCHES: Array<{ name: string; env: Record<string, string>; flags: string[] }> = [
  { name: 'NO_COLOR=1', env: { NO_COLOR: '1' }, flags: [] },
  { name: '--no-color', env: {}, flags: ['--no-color'] },
  { name: 'FORCE_COLOR=0', env: { FORCE_COLOR: '0' }, flags: [] },
];

describe.skipIf(!python())('colour switched off on a terminal', () => {
  for (const off of SWITCHES) {
    for (const run of RUNS) {
      it.concurrent(`${off.name}: ${run.name} writes no colour or style`, async () => {
        const result = await runInPty(
          [...run.args(), ...off.flags],
          run.steps ?? [],
          { ...base, ...off.env },
          { cols: 100, rows: 30 },
        );
        expect(result.failure).toBeNull();
        expect(result.raw).not.toMatch(SGR);
      });
    }
  }

  it.concurrent('the control: with colour on, the same runs are styled', async () => {
    for (const run of RUNS) {
      const result = await runInPty(run.args(), run.steps ?? [], base, { cols: 100, rows: 30 });
      expect(result.failure, run.name).toBeNull();
      expect(result.raw, run.name).toMatch(SGR);
    }
  });
});
