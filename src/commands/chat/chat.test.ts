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

  it('an agent deleted before a turn: exit 5 "not found", as invoke says, not the service\'s bare 500', async () => {
    const id = (
      await runCli(['create', '-q', '--name', 'Gone', '--description', 'd', '--llm-model', 'GPT_4'], {
        env: running.env,
      })
    ).stdout.trim();
    expect((await runCli(['delete', id, '--yes', '-q'], { env: running.env })).code).toBe(0);
    const chat = await runCli(['chat', id], { env: running.env, stdin: 'hi\n' });
    expect(chat.code).toBe(5);
    expect(chat.stderr).toContain(`error: agent ${id} not found\n`);
    expect(chat.stderr).not.toContain('HTTP 500');
  });

  it('stops at a failed turn with its exit code and says how many lines were not sent', async () => {
    const created = await runCli(
      ['create', '-q', '--name', 'Stops', '--description', 'd', '--llm-model', 'GPT_4_TURBO'],
      { env: running.env },
    );
    expect(created.code, created.stderr).toBe(0);
    const stdin = 'first\nthis one [[error]]\nthird\n\n/help\nfourth\n/exit\nnever counted\n';
    const chat = await runCli(['chat', 'Stops'], { env: running.env, stdin });
    // The failed turn's own code: what invoke says for the same input.
    const invoked = await runCli(['invoke', 'Stops', 'this one [[error]]'], { env: running.env });
    expect(invoked.code).not.toBe(0);
    expect(chat.code).toBe(invoked.code);
    expect(chat.stdout).toContain('You said: "first"');
    expect(chat.stdout).not.toContain('third');
    // third and fourth would have been sent; the empty line and /help not, and nothing after /exit.
    expect(chat.stderr).toContain('2 lines after it were not sent.');

    const last = await runCli(['chat', 'Stops'], { env: running.env, stdin: 'only [[error]]\n' });
    expect(last.code).toBe(chat.code);
    expect(last.stderr).not.toContain('not sent');
  });
});
