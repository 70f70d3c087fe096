// `agents chat` off a terminal: one turn per line of stdin, in one session.
import { describe, expect, it } from 'vitest';
import { useEmulatorEnv } from '../../../test/helpers/emulator-env.js';
import { runCli } from '../../../test/helpers/run-cli.js';

const running = useEmulatorEnv();

describe('chat', () => {
  it('answers each line of stdin, the second turn in the first one’s session', async () => {
    const created = await runCli(
      ['create', '-q', '--name', 'Chatty', '--description', 'd', '--llm-model', 'GPT_4_TURBO'],
      { env: running.env },
    );
    expect(created.code, created.stderr).toBe(0);
    const chat = await runCli(['chat', 'Chatty'], { env: running.env, stdin: 'Hi\nWhat did I say?\n' });
    expect(chat.code, chat.stderr).toBe(0);
    expect(chat.stdout).toContain('You said: "Hi"');
    expect(chat.stdout).toContain('turn 2 of the session');
  });
});
