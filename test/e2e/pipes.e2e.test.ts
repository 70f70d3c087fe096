// What a pipeline believes. A reader that goes away (`| head`) never changes the outcome, and
// Ctrl-C on a piped invoke is 130. The built binary through a real shell, a pty for Ctrl-C (the
// failure documents of --json are test/failures/json-failures.test.ts, in-process).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/server.js';
import { BIN } from '../helpers/binary.js';
import { KEY, python, runCommandInPty } from '../helpers/pty.js';
import { createAgent } from '../helpers/emulator-agent.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { tempConfigDir } from '../helpers/run-cli.js';

const MISSING = '00000000-0000-4000-8000-00000000dead';
const running = useEmulatorEnv();
let env: Record<string, string>;
let agentId: string;

beforeAll(async () => {
  env = { ...running.env, AGENTS_KEY_OPENAI: 'sk-pipes-0123' };
  agentId = await createAgent(env, 'Piped');
});

/** A shell line, with `agents` the built binary; prints the exit code of the command left of the pipe last. */
function shell(
  line: string,
  extraEnv: Record<string, string> = {},
): Promise<{ stdout: string; stderr: string; pipeCode: number }> {
  const script = `agents() { "${process.execPath}" "${BIN}" "$@"; }\n${line}\necho "pipe=\${PIPESTATUS[0]}"`;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { env: { ...process.env, ...env, ...extraEnv } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const pipeCode = Number(/pipe=(\d+)\n$/.exec(stdout)?.[1] ?? -1);
      resolve({ stdout: stdout.replace(/pipe=\d+\n$/, ''), stderr, pipeCode });
    });
  });
}

describe('a reader that goes away never changes the outcome', () => {
  it('a failing eval piped to head -1 exits 1 and still writes its JUnit file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agents-pipes-'));
    const cases = Array.from(
      { length: 30 },
      (_v, i) => `  - name: case ${i}\n    agent: ${agentId}\n    input: hi ${i}\n    assert:\n      - equals: never\n`,
    ).join('');
    writeFileSync(join(dir, 'evals.yaml'), `cases:\n${cases}`);
    const result = await shell(`agents eval -f ${join(dir, 'evals.yaml')} --junit ${join(dir, 'junit.xml')} | head -1`);
    expect(result.pipeCode).toBe(1);
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(existsSync(join(dir, 'junit.xml'))).toBe(true);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('failures="30"');
    expect(result.stderr).not.toMatch(/EPIPE|at .*\.js:\d+/);
  });

  it('an invoke that fails keeps its code through | head -c 1; one that succeeds is 0 with nothing on stderr', async () => {
    const long = 'word '.repeat(5000);
    // The emulator streams the long answer, then fails it ([[error]]): the reader is gone long before.
    const failedMidAnswer = await shell(`agents invoke ${agentId} "[[error]] ${long}" --no-session | head -c 5`);
    expect(failedMidAnswer.pipeCode).toBe(1);
    expect(failedMidAnswer.stdout).toHaveLength(5);
    expect(failedMidAnswer.stderr).toContain('error: the agent failed mid-answer');
    const failed = await shell(`agents invoke ${MISSING} hello | head -c 1`);
    expect(failed.pipeCode).toBe(5);
    const succeeded = await shell(`agents invoke ${agentId} "${long}" --no-session | head -c 5`);
    expect(succeeded.pipeCode).toBe(0);
    expect(succeeded.stdout).toHaveLength(5);
    expect(succeeded.stderr).toBe('');
    const listed = await shell('agents list --json | head -c 1');
    expect(listed).toMatchObject({ pipeCode: 0, stdout: '[', stderr: '' });
  });

  it('the answers bin/agents.js gives alone (--version, --help, completion, __complete) exit 0 with the reader gone', async () => {
    // The reader has left before the answer is written: the write meets a closed pipe every time.
    for (const args of ['--version', '--help', 'completion bash', '__complete agents']) {
      const result = await shell(`{ sleep 0.2; agents ${args}; } | true`);
      expect({ args, ...result }).toEqual({ args, stdout: '', stderr: '', pipeCode: 0 });
    }
  });
});

describe.skipIf(!python())('Ctrl-C on a piped invoke', () => {
  it('exits 130 and keeps what was printed', async () => {
    const slow = await startEmulator({ tokenDelayMs: 300 });
    try {
      const slowEnv = {
        ...env,
        AGENTS_BASE_URL: slow.url,
        AGENTS_TOKEN: slow.token,
        AGENTS_CONFIG_DIR: tempConfigDir(),
      };
      const id = await createAgent(slowEnv, 'Slow');
      const line = `"${process.execPath}" "${BIN}" invoke ${id} hello | cat; echo "pipe=\${PIPESTATUS[0]}"`;
      const result = await runCommandInPty(
        ['bash', '--noprofile', '--norc', '-c', line],
        [{ expect: 'You said', send: KEY.ctrlC }],
        slowEnv,
        {
          maxSeconds: 20,
        },
      );
      expect(result.failure).toBeNull();
      expect(result.screen).toContain('You said');
      expect(result.screen).toMatch(/pipe=130/);
    } finally {
      await slow.close();
    }
  });
});
