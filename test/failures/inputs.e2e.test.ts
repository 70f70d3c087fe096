// Numbers, stdin, files and the export → diff round trip, tried as a
// hostile user would.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBinary } from '../helpers/binary.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli } from '../helpers/run-cli.js';

const running = useEmulatorEnv();

const agents = (...argv: string[]) => runCli(argv, { env: running.env, configDir: running.env.AGENTS_CONFIG_DIR });
const tempDir = () => mkdtempSync(join(tmpdir(), 'agents-inputs-'));
const newAgent = async (name: string) =>
  (await agents('create', '-q', '--name', name, '--description', 'd', '--llm-model', 'GPT_4')).stdout.trim();
const invokes = () => running.emulator.requests.filter((r) => r.path.endsWith('/invoke')).length;

describe('numeric flags take plain decimals only', () => {
  it.each([
    [['--temperature', ''], '--temperature must be a number'],
    [['--temperature', '0x1'], '--temperature must be a number'],
    [['--max-tokens', '0x10'], '--max-tokens must be a number'],
    [['--timeout', '0x1'], '--timeout must be a positive number of seconds'],
  ])('%j is exit 2 and nothing is sent', async (flags, message) => {
    const before = invokes();
    const result = await agents('invoke', 'a1', 'hi', ...flags);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(invokes()).toBe(before);
  });

  it('a plain decimal still works', async () => {
    const id = await newAgent('Numbers');
    expect((await agents('invoke', id, 'hi', '--temperature', '0.5', '--max-tokens', '1e2')).code).toBe(0);
  });
});

describe("each command's options schema, read before anything is sent", () => {
  const ID = '00000000-0000-4000-8000-00000000000e';
  it.each([
    [['list', '--limit', '0'], '--limit must be at least 1'],
    [['tools', 'list', '--limit', '2.5'], '--limit must be a whole number'],
    [['llms', 'list', '--limit', 'ten'], '--limit must be a number'],
    [['apply', '-f', '-', '--concurrency', '65'], '--concurrency must be from 1 to 64'],
    [['diff', '-f', '-', '--concurrency', '0'], '--concurrency must be from 1 to 64'],
    [['emulator', '--port', '70000'], '--port must be from 0 to 65535'],
    [['emulator', '--host', ' '], '--host must not be empty'],
    [['invoke', ID, 'hi', '--session', ' '], '--session must not be empty'],
    [['chat', ID, '--max-tokens', '1.5'], '--max-tokens must be a whole number'],
    [
      ['chat', ID, '--temperature', '3', '--max-tokens', '0'],
      '--temperature must be between 0 and 2\n  --max-tokens must be at least 1\n',
    ],
    [['export', '--all', '-o', ''], '--output must not be empty'],
  ])('%j: exit 2, one line naming the flag, no request', async (argv, message) => {
    const before = running.emulator.requests.length;
    const result = await agents(...argv);
    expect(result.code).toBe(2);
    expect(result.stderr.startsWith(`error: ${message}`), result.stderr).toBe(true);
    expect(running.emulator.requests.length).toBe(before);
  });
});

describe('piped stdin with an input argument', () => {
  it('the input is the piped text, a blank line, then the argument, as llm does', async () => {
    const id = await newAgent('Reviewer');
    const result = await runBinary(['invoke', id, 'review this', '--no-session', '--debug'], {
      env: running.env,
      input: 'diff --git a/x b/x\n+added\n',
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('body: {"input":"diff --git a/x b/x\\n+added\\n\\nreview this"');
  });

  it('invalid UTF-8 in an input is a warning; the input is still sent', async () => {
    const id = await newAgent('Bytes');
    const dir = tempDir();
    writeFileSync(join(dir, 'in.txt'), Buffer.from([0x68, 0x69, 0xff, 0x21]));
    const result = await agents('invoke', id, '--input-file', join(dir, 'in.txt'), '--no-session');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('is not valid UTF-8 (first bad byte at offset 2)');
  });

  it.each([
    ['create -f', (file: string) => ['create', '-f', file]],
    ['apply -f', (file: string) => ['apply', '-f', file]],
  ])('invalid UTF-8 in %s is exit 2 with the byte offset', async (_name, argv) => {
    const file = join(tempDir(), 'agent.yaml');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('name: caf'),
        Buffer.from([0xe9]),
        Buffer.from('\ndescription: d\nllmModel: GPT_4\n'),
      ]),
    );
    const result = await agents(...argv(file));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file} is not valid UTF-8: byte 0xe9 at offset 9`);
  });
});

describe('export -o errors', () => {
  it.each([
    ['a folder that does not exist', () => '/nonexistent/dir/x.yaml', 'the folder /nonexistent/dir does not exist'],
    ['a folder', () => tempDir(), 'it is a folder'],
  ])('%s is exit 2: cannot write FILE: reason', async (_what, target, reason) => {
    const id = await newAgent('Exported');
    const path = target();
    const result = await agents('export', id, '-o', path);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(`error: cannot write --output ${path}: ${reason}`);
  });
});

describe('export → diff round trip', () => {
  it('two agents with one name are exported with their ids and read back as unchanged', async () => {
    const first = await newAgent('Twin');
    const second = await newAgent('Twin');
    await agents('update', second, '--prompt', 'the other one');
    const file = join(tempDir(), 'all.yaml');
    expect((await agents('export', first, second, '-o', file)).code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(`id: ${first}`);
    expect(text).toContain(`id: ${second}`);
    const diff = await agents('diff', '-f', file);
    expect(diff.stderr).toBe('');
    expect(diff.code).toBe(0);
  });

  it('apply matches by id before name: a renamed agent is updated, not duplicated', async () => {
    const id = await newAgent('Before rename');
    const file = join(tempDir(), 'renamed.yaml');
    writeFileSync(file, `agents:\n  - id: ${id}\n    name: After rename\n    description: d\n    llmModel: GPT_4\n`);
    const applied = await agents('apply', '-f', file, '--json');
    expect(applied.code).toBe(0);
    expect(JSON.parse(applied.stdout).plan).toEqual([
      expect.objectContaining({ action: 'update', id, changed: ['name'] }),
    ]);
  });

  it('a name declared twice without ids names both places as file:line', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'stack'));
    const file = join(dir, 'stack', 'a.yaml');
    writeFileSync(
      file,
      'agents:\n  - name: Same\n    description: d\n    llmModel: GPT_4\n  - name: Same\n    description: e\n    llmModel: GPT_4\n',
    );
    const result = await agents('diff', '-f', file);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}:5: agent "Same" is declared twice (also at ${file}:2)`);
  });

  it("a file's problems are listed in line order, a twice-declared name among the others", async () => {
    const dir = tempDir();
    const file = join(dir, 'env.yaml');
    writeFileSync(
      file,
      [
        'llms:',
        '  - provider: OPENAI',
        '    apiKeyEnv: NOT_ALLOWED', // 3
        '  - provider: OPENAI', // 4: declared twice
        '    apiKeyEnv: NOR_THIS', // 5
        'agents:',
        '  - name: X',
        '    description: d',
        '    llmModel: GPT_4',
        '    bogus: 1', // 10
        '',
      ].join('\n'),
    );
    const result = await agents('diff', '-f', file);
    expect(result.code).toBe(2);
    const lines = [
      ...result.stderr.matchAll(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+):`, 'g')),
    ];
    const order = lines.map((match) => Number(match[1]));
    expect(order).toEqual([3, 4, 5, 10]);
  });
});
