// `agents chat` at a real terminal: a reply, Ctrl-C stopping a reply but not the chat, /exit.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { createAgent } from '../helpers/emulator-agent.js';
import { KEY, python, runInPty } from '../helpers/pty.js';
import { tempConfigDir } from '../helpers/run-cli.js';

let emulator: RunningEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  emulator = await startEmulator();
  env = { AGENTS_CONFIG_DIR: tempConfigDir(), AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token };
});
afterAll(() => emulator.close());

it.skipIf(!python())('chats in one session; Ctrl-C stops only the reply; /exit leaves', async () => {
  const id = await createAgent(env, 'Chatty');
  const result = await runInPty(
    ['chat', id],
    [
      { expect: 'you› ', send: 'I like tea' + KEY.enter },
      { expect: 'sunny in the emulator\\.[\\s\\S]*you› ', send: 'a long one [[slow]]' + KEY.enter },
      { expect: 'Earlier you said', send: KEY.ctrlC },
      { expect: 'reply stopped[\\s\\S]*you› ', send: 'still here?' + KEY.enter },
      { expect: 'turn 3 of the session[\\s\\S]*you› ', send: '/exit' + KEY.enter },
    ],
    env,
  );
  expect(result.failure).toBeNull();
  expect(result.code).toBe(0);
  expect(result.screen).toContain('Now you said: "still here?"');
});
