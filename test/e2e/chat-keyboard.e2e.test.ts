// chat at a real terminal when the person does what people do. Ctrl-Z then
// `fg` (in a shell with job control) continues where it was, at the prompt and mid-answer (and in
// the create wizard, a question and the model picker); a resize
// during an answer leaves it whole; keys typed during an answer are not echoed into it but start the
// next input; a multi-line paste is one turn. The built binary in a pty, through bash where job
// control is needed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { BIN, runBinary } from '../helpers/binary.js';
import { KEY, python, runCommandInPty, runInPty } from '../helpers/pty.js';
import { createAgent } from '../helpers/emulator-agent.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { renderScreen } from '../helpers/screen.js';
import { limit } from '../helpers/limits.js';

let emulator: RunningEmulator;
let env: Record<string, string>;
let agentId: string;
beforeAll(async () => {
  emulator = await startEmulator({ tokenDelayMs: 40 });
  env = { AGENTS_CONFIG_DIR: tempConfigDir(), AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token };
  agentId = await createAgent(env, 'Keys');
});
afterAll(() => emulator.close());

const count = (text: string, part: string) => text.split(part).length - 1;
/** An interactive bash (job control on) in the pty, its prompt READY>. */
const inShell = (steps: Parameters<typeof runCommandInPty>[1], cols?: number) => {
  const rc = join(mkdtempSync(join(tmpdir(), 'agents-bashrc-')), 'bashrc');
  writeFileSync(rc, "PS1='READY> '\n");
  return runCommandInPty(['bash', '--noprofile', '--rcfile', rc, '-i'], steps, env, { maxSeconds: 40, cols });
};
// Alone on its line: `chat …; echo $?` would echo when the job stops, not when it ends.
const chatLine = () => `"${process.execPath}" "${BIN}" chat ${agentId}\r`;

describe.skipIf(!python())('chat and the keyboard', () => {
  it(
    'Ctrl-Z then fg at the prompt, and mid-answer, continues where it was',
    async () => {
      const result = await inShell([
        { expect: 'READY> ', send: chatLine() },
        { expect: 'you› ', send: KEY.ctrlZ },
        { expect: 'Stopped', send: 'fg\r' },
        { expect: 'chat', send: 'after the first stop' + KEY.enter },
        { expect: 'You said: "after the first stop"[\\s\\S]*you› ', send: 'a long one [[slow]]' + KEY.enter },
        { expect: 'Earlier you said', send: KEY.ctrlZ },
        { expect: 'Stopped', send: 'fg\r' },
        { expect: 'turn 2 of the session[\\s\\S]*you› ', send: '/exit' + KEY.enter },
        { expect: 'READY> ', send: 'echo "chat-exit=$?"\r' },
        { expect: 'chat-exit=\\d+', send: 'exit\r' },
      ]);
      expect(result.failure).toBeNull();
      expect(result.screen).toContain('chat-exit=0');
      expect(result.screen).toContain('You said: "after the first stop"');
    },
    limit(60_000),
  );

  it('a resize during an answer injects no prompt into it and erases none of it', async () => {
    const result = await runInPty(
      ['chat', agentId],
      [
        { expect: 'you› ', send: 'resize me [[slow]]' + KEY.enter },
        { expect: 'You said', send: '', resize: [30, 60] },
        { expect: 'turn 1 of the session[\\s\\S]*you› ', send: '/exit' + KEY.enter },
      ],
      env,
      { cols: 100, rows: 40 },
    );
    expect(result.failure).toBeNull();
    expect(result.code).toBe(0);
    const answer = result.raw.slice(result.raw.indexOf('You said'), result.raw.indexOf('turn 1 of the session'));
    expect(answer).not.toContain('you›');
    // eslint-disable-next-line no-control-regex -- erase sequences start with ESC
    expect(answer).not.toMatch(/\u001b\[[0-2]?[JK]/); // no line or screen erased inside the answer
    expect(count(result.screen, 'you› ')).toBe(2); // the first prompt and the one after the answer (a resize at a prompt may redraw it)
  });

  it('keys typed during an answer are not echoed into it and start the next input; a pasted block is one turn', async () => {
    const result = await runInPty(
      ['chat', agentId],
      [
        { expect: 'you› ', send: 'first [[slow]]' + KEY.enter },
        { expect: 'You said', send: 'typed ahead' },
        { expect: 'turn 1 of the session[\\s\\S]*you› typed ahead', send: KEY.enter },
        { expect: 'Now you said: "typed ahead"[\\s\\S]*you› ', send: '\u001b[200~pasted one\rpasted two\u001b[201~' },
        { expect: 'pasted two', send: KEY.enter },
        { expect: 'turn 3 of the session[\\s\\S]*you› ', send: '/exit' + KEY.enter },
      ],
      env,
    );
    expect(result.failure).toBeNull();
    expect(result.code).toBe(0);
    const firstAnswer = result.screen.slice(
      result.screen.indexOf('You said'),
      result.screen.indexOf('turn 1 of the session'),
    );
    expect(firstAnswer).not.toContain('typed ahead');
    expect(result.screen.replace(/\r/g, '')).toContain('Now you said: "pasted one\npasted two"');
    expect(count(result.screen, 'turn 4 of the session')).toBe(0); // the two pasted lines were one turn
  });
});

/** The wizard's questions after the model, each left as it is, then the command's exit code. */
const restOfWizard = (name: string) => [
  ...['Prompt', 'Initial message', 'Avatar', 'Active', 'Create this agent'].map((question) => ({
    expect: question,
    send: KEY.enter,
  })),
  { expect: `Created agent ${name}[\\s\\S]*READY> `, send: 'echo "create-exit=$?"\r' },
  { expect: 'create-exit=\\d+', send: 'exit\r' },
];

describe.skipIf(!python())('the create wizard and Ctrl-Z', () => {
  it(
    'Ctrl-Z then fg inside a question continues it, drawn again once before any key, and the answers are sent',
    async () => {
      const result = await inShell([
        { expect: 'READY> ', send: `"${process.execPath}" "${BIN}" create --description d --llm-model GPT_4\r` },
        { expect: 'Name', send: 'Half' },
        { expect: 'Half', send: KEY.ctrlZ },
        { expect: 'Stopped', send: 'fg\r' },
        // No key is sent until the question is back on screen, below what the shell printed.
        { expect: 'agents\\.js" create[^\\n]*\\n[\\s\\S]*Name[^\\n]*Half', send: '', delay: 0.5 },
        { expect: '', send: 'ly' + KEY.enter },
        ...restOfWizard('Halfly'),
      ]);
      expect(result.failure).toBeNull();
      expect(result.screen).toContain('create-exit=0');
      // Between `fg` and the first key typed after it: the question drawn once, then the frame of that key.
      const afterFg = result.screen.slice(result.screen.lastIndexOf('Stopped'));
      const beforeNextKey = afterFg.slice(0, afterFg.indexOf('Halfl'));
      expect(count(beforeNextKey, 'Name')).toBe(2);
    },
    limit(60_000),
  );

  it(
    'Ctrl-Z then fg in the model picker leaves no fragment of the list: the shell writes below it, the list is drawn again whole',
    async () => {
      const cols = 100;
      const result = await inShell(
        [
          { expect: 'READY> ', send: `"${process.execPath}" "${BIN}" create --name Picked --description d\r` },
          { expect: 'LLM model[\\s\\S]*navigate', send: KEY.down },
          { expect: '❯ GPT_3_5_TURBO_16K', send: KEY.ctrlZ },
          { expect: 'Stopped', send: 'fg\r' },
          { expect: 'READY> fg[\\s\\S]*LLM model[\\s\\S]*navigate', send: KEY.down },
          { expect: '❯ GPT_3_5_TURBO_0613', send: KEY.enter },
          ...restOfWizard('Picked'),
        ],
        cols,
      );
      expect(result.failure).toBeNull();
      expect(result.screen).toContain('create-exit=0');
      // What the person sees: the shell's lines whole (nothing of the list under them), the list once
      // before the stop and once after it, every row of it a row of the list.
      // The screen as it was with the list back and moved, before the Enter that answered it.
      const written = result.bytes.toString('utf8');
      const moved = written.indexOf('❯ GPT_3_5_TURBO_0613'); // drawn only after fg
      // eslint-disable-next-line no-control-regex -- the cursor move that ends that frame
      const backUp = written.slice(moved).search(/\u001B\[\d+A/);
      const { rows } = await renderScreen(Buffer.from(written.slice(0, moved + backUp)), cols, 40);
      const stopped = rows.findIndex((row) => row.startsWith('[1]+'));
      expect(rows[stopped]).toMatch(/^\[1\]\+ +Stopped +"/);
      expect(rows.find((row) => row.startsWith('READY> fg'))).toBe('READY> fg');
      const listRows = rows.filter((row) => /GPT_3_5_TURBO_1106/.test(row));
      expect(listRows).toEqual(['  GPT_3_5_TURBO_1106', '  GPT_3_5_TURBO_1106']);
      const question = rows.findIndex((row, index) => index > stopped && row.startsWith('? LLM model'));
      expect(rows.slice(question + 1, question + 4)).toEqual([
        '  GPT_3_5_TURBO',
        '  GPT_3_5_TURBO_16K_0613',
        '❯ GPT_3_5_TURBO_0613',
      ]);
      const agent = await runBinary(['get', 'Picked', '--json'], { env });
      expect(JSON.parse(agent.stdout)).toMatchObject({ llmModel: 'GPT_3_5_TURBO_0613' });
    },
    limit(60_000),
  );
});
