// Against the emulator, in both modes: every management command, invoke and chat. The built binary
// runs the default mode; the strict one runs the same program in this process (the binary's own
// paths need no second pass, the strict wire's answers do).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runBinary } from '../helpers/binary.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';

for (const strict of [false, true]) {
  describe(`against the emulator${strict ? ' (--strict)' : ''}`, () => {
    let emulator: RunningEmulator;
    let env: Record<string, string>;
    const cli = (args: string[], options: { env: Record<string, string>; input?: string }) =>
      strict
        ? runCli(args, { env: options.env, configDir: options.env.AGENTS_CONFIG_DIR, stdin: options.input })
        : runBinary(args, options);
    const agents = (...args: string[]) => cli(args, { env });

    beforeAll(async () => {
      emulator = await startEmulator({ strict });
      env = { AGENTS_CONFIG_DIR: tempConfigDir(), AGENTS_BASE_URL: emulator.url };
      const login = await cli(['login', '--token-stdin'], { env, input: emulator.token + '\n' });
      expect(login.code).toBe(0);
    });
    afterAll(() => emulator.close());

    it('manages an agent from create to delete', async () => {
      const created = await agents(
        'create',
        '-q',
        '--name',
        'E2E bot',
        '--description',
        'tests',
        '--llm-model',
        'GPT_4_TURBO',
      );
      expect(created.code).toBe(0);
      const id = created.stdout.trim();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);

      const tool = SEED.tools[0].id;
      expect((await agents('add-tool', id, tool)).code).toBe(0);
      const again = await agents('add-tool', id, tool);
      expect(again.code).toBe(0);
      expect(again.stderr).toContain('already attached');
      const ds = await agents('add-datasource', id, SEED.datasources[1].id, '--json');
      expect(JSON.parse(ds.stdout)).toEqual([
        { agentId: id, datasourceId: SEED.datasources[1].id, attached: true, alreadyAttached: false },
      ]);
      expect(await agents('add-llm', id, SEED.llms[1].id, '-q')).toMatchObject({ code: 0, stdout: '' });

      const updated = await agents('update', id, '--description', 'updated', '--no-active', '--json');
      expect(JSON.parse(updated.stdout)).toMatchObject({ id, description: 'updated', isActive: false });

      const list = await agents('list', '--json');
      expect(JSON.parse(list.stdout).map((a: { id: string }) => a.id)).toContain(id);
      const table = await agents('list');
      expect(table.stdout).toMatch(/^ID\s+NAME\s+MODEL\s+ACTIVE\n/);
      expect(table.stdout).toContain('E2E bot');

      const got = await agents('get', id, '--json');
      const agent = JSON.parse(got.stdout);
      expect(agent.tools.map((t: { toolId: string }) => t.toolId)).toEqual([tool]);
      // The real service nests LLM provider keys in this answer; they must never be printed.
      expect(got.stdout).not.toContain('sk-emulator');

      const refused = await agents('delete', id);
      expect(refused.code).toBe(2);
      expect((await agents('delete', id, '--yes')).code).toBe(0);
      const gone = await agents('get', id);
      expect(gone.code).toBe(5);
      expect(gone.stderr).not.toMatch(/\n\s+at /);
    });

    it('invokes with streaming and without, with sessions, tool calls and structured output', async () => {
      const id = (
        await agents('create', '-q', '--name', 'Talker', '--description', 'talks', '--llm-model', 'GPT_4')
      ).stdout.trim();
      await agents('add-tool', id, SEED.tools[2].id);
      const streamed = await agents('invoke', id, 'My name is Ada');
      const whole = await agents('invoke', id, 'My name is Ada', '--no-stream');
      expect(streamed.code).toBe(0);
      expect(streamed.stdout).toBe(whole.stdout);
      expect(streamed.stdout).toBe(
        'You said: "My name is Ada".\nThis is turn 1 of the session — it is 21°C and sunny in the emulator.\n',
      );
      expect(streamed.stderr).toContain('⚙ weather(');

      const second = await agents('invoke', id, '-c', 'What is my name?');
      expect(second.stdout).toContain('Earlier you said: "My name is Ada"');
      const sessionOf = (stderr: string) => /session ([0-9a-f-]{36})/.exec(stderr)?.[1];
      expect(sessionOf(second.stderr)).toBe(sessionOf(whole.stderr));

      const schema = '{"type":"object","properties":{"points":{"type":"integer"}},"required":["points"]}';
      const structured = await agents('invoke', id, 'score it', '--output-schema', schema);
      expect(JSON.parse(structured.stdout)).toEqual({ points: 42 });
      // The fake model fills a schema with 42; a minimum it ignores makes a local mismatch.
      const mismatch = await agents(
        'invoke',
        id,
        'score it',
        '--output-schema',
        '{"type":"object","properties":{"points":{"type":"integer","minimum":100}}}',
      );
      expect(mismatch.code).toBe(6);
      expect(mismatch.stderr).toContain('points:');

      const failed = await agents('invoke', id, 'break [[error]]');
      expect(failed.code).toBe(1);
      expect(failed.stdout).toBe('You said: "break\n');
      expect(failed.stderr).toContain('simulated model failure');
    });

    it('chats over stdin: two turns in one session', async () => {
      const id = (
        await agents('create', '-q', '--name', 'Chatty', '--description', 'chats', '--llm-model', 'GPT_4')
      ).stdout.trim();
      const chat = await cli(['chat', id], { env, input: 'I like tea\nWhat do I like?\n' });
      expect(chat.code).toBe(0);
      const answers = chat.stdout.trim().split('\n');
      expect(answers[0]).toBe('You said: "I like tea".');
      expect(answers[2]).toBe('Earlier you said: "I like tea". Now you said: "What do I like?".');
    });

    it('reads YAML in the built bundle: create -f, apply, diff, export', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'agents-yaml-'));
      writeFileSync(
        join(dir, 'agent.yaml'),
        'name: From YAML\ndescription: |\n  two lines\n  of text\nllmModel: GPT_4\n',
      );
      const created = await agents('create', '-f', join(dir, 'agent.yaml'), '--json');
      expect(JSON.parse(created.stdout)).toMatchObject({ name: 'From YAML', description: 'two lines\nof text\n' });
      const example = fileURLToPath(new URL('../fixtures/agents.yaml', import.meta.url));
      expect((await agents('apply', '-f', example)).code).toBe(0);
      expect((await agents('diff', '-f', example)).code).toBe(0);
      const exported = await agents('export', '--all');
      expect(exported.stdout).toContain('name: Docs bot');
    });

    it('reports auth failures with exit 4', async () => {
      const bad = await cli(['list'], { env: { ...env, AGENTS_TOKEN: 'wrong-token-123456' } });
      // A strict server says 401; the real service a bare 500, which one cheap list confirms.
      expect(bad.code).toBe(4);
      expect(bad.stderr).not.toContain('wrong-token-123456');
    });
  });
}
