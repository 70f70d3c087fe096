// --jq EXPR (gh's habit): the --json document filtered with jq's language, in the Exporter, so
// every command with a --json document has it (test/failures/json-contract.e2e.test.ts walks them).
import { describe, expect, it } from 'vitest';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli } from '../helpers/run-cli.js';

const served = useEmulatorEnv();
const agents = (...argv: string[]) => runCli(argv, { env: served.env, configDir: served.env.AGENTS_CONFIG_DIR });

describe('--jq', () => {
  it('prints each result: a string as its text, any other value as one line of JSON off a terminal', async () => {
    for (const name of ['Jq one', 'Jq two'])
      expect((await agents('create', '--name', name, '--description', 'd', '--llm-model', 'GPT_4', '-q')).code).toBe(0);
    const names = await agents('list', '--jq', '[.[] | select(.name | startswith("Jq"))] | sort_by(.name) | .[].name');
    expect([names.code, names.stdout]).toEqual([0, 'Jq one\nJq two\n']);
    const shaped = await agents('list', '--jq', '.[] | select(.name == "Jq one") | {name, description}');
    expect(shaped.stdout).toBe('{"name":"Jq one","description":"d"}\n');
    const counted = await agents('list', '--jq', 'map(select(.name | startswith("Jq"))) | length');
    expect(counted.stdout).toBe('2\n');
  });

  it('filters each line of an NDJSON stream on its own (chat --json)', async () => {
    const created = await agents('create', '--name', 'Jq chat', '--description', 'd', '--llm-model', 'GPT_4', '-q');
    const chat = await runCli(['chat', created.stdout.trim(), '--jq', '.output | length > 0'], {
      env: served.env,
      configDir: served.env.AGENTS_CONFIG_DIR,
      stdin: 'hi\nagain\n',
    });
    expect([chat.code, chat.stdout]).toEqual([0, 'true\ntrue\n']);
  });

  it('a bad expression is exit 2 naming it, before any request is sent', async () => {
    const before = served.emulator.requests.length;
    const bad = await agents('list', '--jq', '.[');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: --jq '\.\[': syntax error, unexpected end of file/);
    expect(bad.stdout).toBe('');
    expect(served.emulator.requests.length).toBe(before);
  });

  it("an expression that fails on the result is exit 2 with jq's reason", async () => {
    const failed = await agents('list', '--jq', '.[0].name.first');
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain(
      `error: --jq '.[0].name.first' failed on the result: Cannot index string with string ("first")`,
    );
  });

  it('a failure prints nothing on stdout (the filter was for the result) and keeps its exit code', async () => {
    const missing = await agents('get', 'No such agent at all', '--jq', '.name');
    expect([missing.code, missing.stdout]).toEqual([5, '']);
    expect(missing.stderr).toContain('not found');
  });

  it('a command without a --json document refuses it, exit 2', async () => {
    const script = await agents('completion', 'bash', '--jq', '.');
    expect(script.code).toBe(2);
    expect(script.stderr).toContain('error: --jq: agents completion has no JSON document (it prints a shell script)');
  });

  it("jq's env holds none of this process's variables: the token cannot be read through it", async () => {
    const env = await agents('status', '--jq', '[env.AGENTS_TOKEN, $ENV.AGENTS_TOKEN]');
    expect([env.code, env.stdout]).toEqual([0, '[null,null]\n']);
  });
});
