// A service answers with ids and names that are shell code. `agents list` stores them for completion;
// pressing TAB in a real bash (with and without the bash-completion package) must offer them as quoted
// words and run none of them.
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBinary } from '../helpers/binary.js';
import { python, runCommandInPty } from '../helpers/pty.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const SCRIPT = fileURLToPath(new URL('../../completions/agents.bash', import.meta.url));
const BASH_COMPLETION = '/usr/share/bash-completion/bash_completion';
const hasBashCompletion = existsSync(BASH_COMPLETION);
const HOSTILE_ID = 'x$(touch PWNED_ID)';
const HOSTILE_NAME = 'y`touch PWNED_NAME` $(touch PWNED_TOO)';
const AGENT_ID = '0b6f9f2e-0000-4000-8000-000000000001';

let server: TestServer;
let work: string;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    // The tools list is remembered whole; an agent's name is remembered when it is read.
    const tools = [
      { id: HOSTILE_ID, name: 'plain', type: 'FUNCTION' },
      { id: '5b0d6a7e-0000-4000-8000-000000000001', name: 'Docs bot', type: 'FUNCTION' },
    ];
    const agent = { id: AGENT_ID, name: HOSTILE_NAME, description: 'd', llmModel: 'GPT_4_0', isActive: true };
    res.end(JSON.stringify({ success: true, data: req.url?.startsWith('/api/v1/tools') ? tools : agent }));
  });
  work = mkdtempSync(join(tmpdir(), 'agents-hostile-'));
  const binDir = join(work, 'bin');
  const cwd = join(work, 'cwd');
  for (const dir of [binDir, cwd]) spawnSync('mkdir', ['-p', dir]);
  writeFileSync(join(binDir, 'agents'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(binDir, 'agents'), 0o755);
  env = {
    PATH: `${binDir}:${process.env.PATH}`,
    HOME: work,
    AGENTS_CONFIG_DIR: join(work, 'config'),
    AGENTS_BASE_URL: server.url,
    AGENTS_TOKEN: 'hostile-test-token',
  };
  const listed = await runBinary(['tools', 'list', '-q'], { env });
  expect(listed.code, listed.stderr).toBe(0);
  expect(listed.stdout).toContain(HOSTILE_ID);
  const read = await runBinary(['get', AGENT_ID, '-q'], { env });
  expect(read.code, read.stderr).toBe(0);
});

afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const cwd = () => join(work, 'cwd');
const pwned = () => readdirSync(cwd()).filter((name) => name.startsWith('PWNED'));

/** `_agents` called as bash calls it on TAB, optionally after the bash-completion package loaded. */
function complete(withPackage: boolean, ...words: string[]): string[] {
  const setup = withPackage ? `source ${BASH_COMPLETION}; ` : '';
  const script = `${setup}source "${SCRIPT}"; COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _agents; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const result = spawnSync('bash', ['-c', script, '_', ...words], { env, cwd: cwd(), encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return result.stdout.split('\n').filter(Boolean);
}

describe.each([false, ...(hasBashCompletion ? [true] : [])])(
  'bash completion with a hostile service (bash-completion loaded: %s)',
  (withPackage) => {
    it('offers hostile ids and names as quoted words and runs nothing', () => {
      const tools = complete(withPackage, 'agents', 'tools', 'get', '');
      expect(tools).toContain('x\\$\\(touch\\ PWNED_ID\\)');
      expect(tools).toContain('Docs\\ bot');
      expect(complete(withPackage, 'agents', 'add-tool', AGENT_ID, 'x$')).toEqual(['x\\$\\(touch\\ PWNED_ID\\)']);
      expect(complete(withPackage, 'agents', 'get', 'y')).toEqual([
        'y\\`touch\\ PWNED_NAME\\`\\ \\$\\(touch\\ PWNED_TOO\\)',
      ]);
      expect(pwned()).toEqual([]);
    });
  },
);

describe.skipIf(!python())('a real TAB in an interactive bash', () => {
  it.each([false, ...(hasBashCompletion ? [true] : [])])(
    'completes the hostile id as one quoted word, runs nothing (bash-completion: %s)',
    async (withPackage) => {
      const rc = join(work, `bashrc-${String(withPackage)}`);
      writeFileSync(rc, `${withPackage ? `source ${BASH_COMPLETION}\n` : ''}source "${SCRIPT}"\nPS1='READY> '\n`);
      const result = await runCommandInPty(
        ['bash', '--noprofile', '--rcfile', rc, '-i'],
        [
          { expect: 'READY> ', send: 'agents tools get x\t' },
          { expect: 'PWNED_ID', send: '\x03', timeout: 4 },
          { expect: 'READY> ', send: 'agents get y\t' },
          { expect: 'PWNED_TOO', send: '\x03', timeout: 4 },
          { expect: 'READY> ', send: 'exit\r' },
        ],
        env,
        { cwd: cwd(), maxSeconds: 12 },
      );
      expect(result.failure).toBeNull();
      expect(result.screen).toContain('agents tools get x\\$\\(touch\\ PWNED_ID\\)');
      expect(result.screen).toContain('agents get y\\`touch\\ PWNED_NAME\\`\\ \\$\\(touch\\ PWNED_TOO\\)');
      expect(pwned()).toEqual([]);
    },
  );
});
